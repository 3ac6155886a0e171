/** Recent searches kept per agent: the last 5, newest first. */
const MAX_RECENT = 5;

/** The recent searches of one agent, in the configured storage (see {@link createRecentSearches}). */
export interface RecentSearches {
  /** Newest first; empty when nothing is kept. */
  read(): string[];
  /** Adds a search (moved to the front when already kept); returns the new list. */
  add(query: string): string[];
  /** Forgets them all. */
  clear(): void;
}

/**
 * Recent searches under `agent-chat:<agentId>:recent-searches` in `storage` (the widget's
 * `data-storage`: local or session storage; `undefined` for `none`, which keeps nothing).
 * Nothing is written before the first search a visitor commits to (a result opened, or the
 * query asked); unreadable or refused storage keeps nothing, silently.
 */
export function createRecentSearches(
  agentId: string,
  storage: Storage | undefined,
): RecentSearches {
  const key = `agent-chat:${agentId}:recent-searches`;
  const read = (): string[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter((item): item is string => typeof item === 'string').slice(0, MAX_RECENT)
        : [];
    } catch {
      return [];
    }
  };
  return {
    read,
    add(query) {
      const value = query.trim();
      if (!storage || !value) return [];
      const list = [value, ...read().filter((item) => item !== value)].slice(0, MAX_RECENT);
      try {
        storage.setItem(key, JSON.stringify(list));
      } catch {
        // A full or refused storage: nothing is kept.
      }
      return list;
    },
    clear() {
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing to forget.
      }
    },
  };
}

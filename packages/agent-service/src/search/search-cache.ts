import type { Queryable } from '../store/index.js';

/** Searches remembered by default: a few visitors typing at once, each a few keystrokes back. */
const DEFAULT_ENTRIES = 256;
/**
 * How long a remembered search may be reused, ms, by default. A write to the datastores'
 * chunks forgets it at once (see {@link datastoresVersion}); this bounds what no chunk
 * write marks (a page renamed, its URL changed).
 */
const DEFAULT_TTL_MS = 30_000;

/** Options of {@link createSearchCache}. */
export interface SearchCacheOptions {
  /** Most searches remembered (the least recently used go first). Default 256. */
  maxEntries?: number;
  /** How long one is reused, ms. Default 30 s. */
  ttlMs?: number;
  /** The clock. Default `Date.now`. */
  now?: () => number;
}

/** Remembered searches; see {@link createSearchCache}. */
export interface SearchCache<Value = unknown> {
  /** The search remembered under `key`, unless it is older than the TTL. */
  get(key: string): Value | undefined;
  /** Remembers `value` under `key`. */
  set(key: string, value: Value): void;
  /** Forgets everything (the service's close). */
  clear(): void;
}

/**
 * Searches as you type, remembered: a visitor typing "conf", "confi", "config" searches
 * the same completed query three times (`completeLastWord` completes each to `config`), and
 * the retrieval behind it is most of a search's cost. The key must say which data was
 * searched (the datastores' version, {@link datastoresVersion}) and how; a hit is the same
 * answer the search would give. A bounded LRU map with a TTL, owned by the service.
 *
 * @example
 * const cache = createSearchCache({ maxEntries: 100 });
 * cache.set('ds_1@7|vitest config', sections);
 */
export function createSearchCache<Value>(options: SearchCacheOptions = {}): SearchCache<Value> {
  const maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_ENTRIES);
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: Value; at: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (now() - entry.at > ttlMs) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, at: now() });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * SQL of the datastores' version (see {@link datastoresVersion}), their ids as `$1`: one
 * row, its `version` column. For a statement that reads it along with something else.
 */
export const DATASTORES_VERSION_SQL = `SELECT coalesce(string_agg(
       datastore_id || ':' || xmin::text || ':' || chunks || ':' || total_length, ','
       ORDER BY datastore_id), '') AS version
     FROM lexicon_totals WHERE datastore_id = ANY($1::text[])`;

/**
 * The version of the datastores' chunks: each datastore's `lexicon_totals` row, which every
 * write of its chunks updates first (it is the lock writers take, and holds the chunk
 * count), by its row version (`xmin`) and counts. It changes with every insert, update or
 * delete of a chunk, in this process or another sharing the database. One indexed read.
 */
export async function datastoresVersion(
  database: Queryable,
  datastoreIds: readonly string[],
): Promise<string> {
  const [row] = await database.query<{ version: string }>(DATASTORES_VERSION_SQL, [
    [...datastoreIds],
  ]);
  return row?.version ?? '';
}

import { SEARCH_QUERY_LIMIT, type SearchResponse, type SearchResult } from '@agent-chat/protocol';
import { type Signal, signal } from '@preact/signals';
import type { RecentSearches } from './recent-searches.js';

/** Characters typed before the first search. */
export const MIN_SEARCH_LENGTH = 2;
/**
 * What the search route accepts of what was typed or pasted: control characters (a pasted
 * line break, a tab) and runs of spaces as one space, and at most `SEARCH_QUERY_LIMIT.max` characters, cut after
 * the last whole word. The route refuses either with a 400, which the modal could only show
 * as "unavailable".
 */
export function searchableQuery(text: string): string {
  const plain = text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  if (plain.length <= SEARCH_QUERY_LIMIT.max) return plain;
  const cut = plain.slice(0, SEARCH_QUERY_LIMIT.max);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

/** Quiet time after a keystroke before searching, ms. */
const DEBOUNCE_MS = 120;

/** Where a search stands. */
export type SearchStatus = 'idle' | 'loading' | 'ready' | 'offline' | 'rate-limited' | 'failed';

/** Options of {@link createSearchModel}. */
export interface SearchModelOptions {
  agentId: string;
  /** The BFF's base URL. */
  endpoint: string;
  fetch: typeof fetch;
  recent: RecentSearches;
  /** Whether the browser thinks it is online (`navigator.onLine`). */
  online: () => boolean;
  /** The signed visitor id, when the chat has one (counted by the per-visitor limit). */
  visitorId?: () => string | undefined;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** The search modal's state, apart from its view. */
export interface SearchModel {
  query: Signal<string>;
  /** The results of the latest query that answered, best first. */
  results: Signal<SearchResult[]>;
  /** The query `results` belong to. */
  resultsFor: Signal<string>;
  /**
   * `ready` only while `results` answer what is typed now: a keystroke after them makes it
   * `loading` (the results stay on show until the next answer), so their count is never
   * announced for a newer text.
   */
  status: Signal<SearchStatus>;
  /** With `rate-limited`: the wait the BFF asked for, seconds. */
  retryAfter: Signal<number>;
  recent: Signal<string[]>;
  /** Sets what was typed: searches after a short pause (from 2 characters). */
  type(text: string): void;
  /** Keeps `query` among the recent searches (the visitor committed to it). */
  remember(query: string): void;
  clearRecent(): void;
  /** Stops any pending or running request. */
  stop(): void;
}

/**
 * The search modal's model: what was typed, the results and the status, with one request in
 * flight at most (a newer keystroke aborts the older request, and an older query's answer
 * never replaces a newer one's), offline and 429 as statuses, and the recent searches.
 */
export function createSearchModel(options: SearchModelOptions): SearchModel {
  const query = signal('');
  const results = signal<SearchResult[]>([]);
  const resultsFor = signal('');
  const status = signal<SearchStatus>('idle');
  const retryAfter = signal(0);
  const recent = signal(options.recent.read());
  let timer: unknown;
  let running: AbortController | undefined;
  let sequence = 0;

  const stop = (): void => {
    if (timer !== undefined) options.clearTimeout(timer);
    timer = undefined;
    running?.abort();
    running = undefined;
  };

  const run = async (text: string): Promise<void> => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const current = ++sequence;
    const fresh = () => current === sequence;
    if (!options.online()) {
      status.value = 'offline';
      return;
    }
    status.value = 'loading';
    try {
      const visitorId = options.visitorId?.();
      const response = await options.fetch(
        `${options.endpoint}/api/agents/${encodeURIComponent(options.agentId)}/search`,
        {
          method: 'POST',
          // A simple request (no preflight), as the widget's other calls.
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({
            query: searchableQuery(text),
            ...(visitorId ? { visitorId } : {}),
          }),
          credentials: 'omit',
          signal: controller.signal,
        },
      );
      if (!fresh()) return;
      if (response.status === 429) {
        retryAfter.value = Math.max(1, Number(response.headers.get('retry-after')) || 1);
        status.value = 'rate-limited';
        return;
      }
      if (!response.ok) {
        status.value = 'failed';
        return;
      }
      const body = (await response.json()) as SearchResponse;
      if (!fresh()) return;
      results.value = Array.isArray(body.results) ? body.results : [];
      resultsFor.value = text;
      status.value = 'ready';
    } catch {
      if (!fresh() || controller.signal.aborted) return;
      status.value = options.online() ? 'failed' : 'offline';
    } finally {
      if (running === controller) running = undefined;
    }
  };

  return {
    query,
    results,
    resultsFor,
    status,
    retryAfter,
    recent,
    type(text) {
      query.value = text;
      stop();
      // Whatever an earlier text's request still delivers (its answer already on its way
      // when the keystroke aborted it) is not this text's: no answer but the next search's
      // may land, and the results on show are no longer "ready" for what is typed.
      sequence += 1;
      if (text.trim().length < MIN_SEARCH_LENGTH) {
        results.value = [];
        resultsFor.value = '';
        status.value = 'idle';
        return;
      }
      if (status.value === 'ready') status.value = 'loading';
      timer = options.setTimeout(() => {
        timer = undefined;
        void run(text);
      }, DEBOUNCE_MS);
    },
    remember(text) {
      recent.value = options.recent.add(text);
    },
    clearRecent() {
      options.recent.clear();
      recent.value = [];
    },
    stop,
  };
}

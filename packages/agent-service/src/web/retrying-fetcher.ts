import { isTransientFetchError } from './fetch-error.js';
import type { SafeFetcher } from './safe-fetch.js';

/** Options of {@link withRetries}. */
export interface FetchRetryOptions {
  /** Tries of one URL in all (1: no retry). Default 3. */
  attempts?: number;
  /** Wait before the first retry, ms; doubled before each next one (with jitter). Default 500. */
  baseDelayMs?: number;
}

/**
 * A fetcher that tries a URL again, after a growing pause, when it failed for a reason that
 * may pass ({@link isTransientFetchError}: 5xx, 429, timeout, unreachable): a site that
 * hiccups during a sync does not lose its pages' freshness. Other failures (404, a refused
 * address, a too-large body) and cancellation are thrown at once.
 */
export function withRetries(fetcher: SafeFetcher, options: FetchRetryOptions = {}): SafeFetcher {
  const attempts = Math.max(1, options.attempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 500;
  return {
    async fetch(url, callOptions) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await fetcher.fetch(url, callOptions);
        } catch (error) {
          if (
            attempt >= attempts ||
            !isTransientFetchError(error) ||
            callOptions?.signal?.aborted
          ) {
            throw error;
          }
          const delay = baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, delay);
            function done() {
              clearTimeout(timer);
              callOptions?.signal?.removeEventListener('abort', done);
              resolve();
            }
            callOptions?.signal?.addEventListener('abort', done, { once: true });
          });
        }
      }
    },
    close: () => fetcher.close(),
  };
}

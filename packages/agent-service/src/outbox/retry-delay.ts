/**
 * Exponential backoff: the wait after the `attempts`-th failed attempt is `baseDelayMs ×
 * 2^(attempts − 1)`, at most `maxDelayMs` (defaults: 30 s, 1 min, 2 min, … capped at 1 h,
 * so eight attempts span about two hours).
 */
export function retryDelayMs(
  attempts: number,
  options: { baseDelayMs: number; maxDelayMs: number },
): number {
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

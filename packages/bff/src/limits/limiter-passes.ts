/** A {@link Limiter} awaited: whether the request may go on. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Limiter } from './rate-limits.js';

/**
 * Runs a limiter as a promise: true when the request may go on, false when it was refused
 * (the limiter answered 429 without calling `next`); a limiter failure rejects.
 */
export function limiterPasses(
  limiter: Limiter,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let passed = false;
    limiter(req, res, (error?: unknown) => {
      passed = true;
      if (error) reject(error);
      else resolve(true);
    });
    res.once('finish', () => {
      if (!passed) resolve(false);
    });
  });
}

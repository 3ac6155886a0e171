import { once } from 'node:events';
import type { Response } from 'express';

/**
 * Writes `text` to a streamed response; resolves once the socket can take more, false
 * when the client is gone (stop writing then).
 */
export async function writeText(res: Response, text: string): Promise<boolean> {
  if (res.destroyed) return false;
  if (res.write(text)) return true;
  // Whichever comes first; the other listener is removed (no listener piles up per wait).
  const waiting = new AbortController();
  await Promise.race([
    once(res, 'drain', { signal: waiting.signal }),
    once(res, 'close', { signal: waiting.signal }),
  ]).finally(() => waiting.abort());
  return !res.destroyed;
}

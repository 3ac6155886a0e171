import type { IncomingMessage } from 'node:http';

/** Outcome of {@link readRawBody}. */
export type RawBodyResult =
  | { ok: true; body: Buffer }
  | { ok: false; reason: 'too-large' | 'timeout' | 'aborted' | 'encoded' | 'already-read' };

/**
 * Reads a request body as the bytes that were sent — nothing decoded, decompressed or
 * re-serialized, as a signature over the raw body needs — up to `limit` bytes (by
 * `Content-Length` or as it arrives), within `timeoutMs`. A `Content-Encoding` other than
 * `identity` is refused (`encoded`): the bytes signed would not be the ones relayed. A body
 * a host app's parser already consumed is `already-read` unless it left the raw Buffer.
 */
export function readRawBody(
  req: IncomingMessage,
  limit: number,
  timeoutMs: number,
): Promise<RawBodyResult> {
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return Promise.resolve({ ok: false, reason: 'encoded' });
  }
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > limit) {
    return Promise.resolve({ ok: false, reason: 'too-large' });
  }
  if (req.readableEnded) {
    const body = (req as IncomingMessage & { body?: unknown }).body;
    if (!Buffer.isBuffer(body)) return Promise.resolve({ ok: false, reason: 'already-read' });
    if (body.length > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
    return Promise.resolve({ ok: true, body });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), timeoutMs);
    timer.unref();
    function settle(result: RawBodyResult): void {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onAbort);
      if (!result.ok) req.pause();
      resolve(result);
    }
    function onData(chunk: Buffer): void {
      received += chunk.length;
      if (received > limit) settle({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    }
    function onEnd(): void {
      settle({ ok: true, body: Buffer.concat(chunks, received) });
    }
    function onAbort(): void {
      settle({ ok: false, reason: 'aborted' });
    }
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onAbort);
  });
}

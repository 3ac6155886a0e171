import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type AbortCause,
  type MappedError,
  type RelayControl,
  TIMED_OUT,
  UNREACHABLE,
} from '../upstream/index.js';
import { SHUTTING_DOWN } from './stream-relay.js';

function ignoreError(): void {}

/**
 * Relays a JSON answer as it comes (no parsing: the BFF adds nothing to its latency), with
 * backpressure; the idle deadline is restarted by every chunk. Resolves when the answer
 * was relayed or the relay failed (mapped to a JSON error before the first byte, a cut
 * connection after it).
 */
export function relayJson(
  res: ServerResponse,
  response: IncomingMessage,
  control: RelayControl,
  idleTimeoutMs: number,
  fail: (error: MappedError) => void,
): Promise<void> {
  control.arm(idleTimeoutMs);
  res.statusCode = 200;
  res.setHeader('Content-Type', response.headers['content-type'] ?? 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  const length = response.headers['content-length'];
  if (length !== undefined) res.setHeader('Content-Length', length);
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      settled = true;
      response.off('data', onData);
      res.off('drain', onDrain);
      resolve();
    };
    const onDrain = () => response.resume();
    const onData = (chunk: Buffer) => {
      control.arm(idleTimeoutMs);
      if (!res.write(chunk)) {
        response.pause();
        res.once('drain', onDrain);
      }
    };
    response.on('data', onData);
    response.once('end', () => {
      if (settled) return;
      res.end();
      settle();
    });
    response.on('error', ignoreError);
    response.once('close', () => {
      if (settled) return;
      settle();
      const cause: AbortCause | undefined = control.cause();
      if (cause === 'client') return;
      if (!res.headersSent) {
        fail(cause === 'timeout' ? TIMED_OUT : cause === 'shutdown' ? SHUTTING_DOWN : UNREACHABLE);
      } else {
        res.destroy();
      }
    });
  });
}

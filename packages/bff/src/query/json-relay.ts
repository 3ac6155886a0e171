import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES, isQueryResponse } from '@agent-chat/protocol';
import {
  type AbortCause,
  type MappedError,
  type RelayControl,
  TIMED_OUT,
  UNREACHABLE,
} from '../upstream/index.js';
import { SHUTTING_DOWN } from './stream-relay.js';

/** Largest JSON answer relayed, bytes; a bigger one is not a query response anyone sent. */
export const MAX_JSON_ANSWER_BYTES = 4 * 1024 * 1024;

/** What a visitor gets for a 200 that is not a query response. */
const INVALID_ANSWER: MappedError = {
  status: 502,
  code: ERROR_CODES.upstreamError,
  message: 'The agent service sent an answer that could not be read. Please try again.',
};

const jsonContentType = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

function ignoreError(): void {}

/** Why a complete upstream body is not relayed, or `undefined` when it is a query response. */
function problemOf(contentType: string, body: Buffer): string | undefined {
  if (!jsonContentType.test(contentType)) return 'not-json-content-type';
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return 'invalid-json';
  }
  return isQueryResponse(value) ? undefined : 'not-a-query-response';
}

/**
 * Relays a JSON answer once it has fully arrived and proved to be a query response: a JSON
 * content type, JSON that parses, and the shape of `QueryResponse` (checked on the parsed
 * value, never re-serialised: the browser gets the upstream's bytes). Anything else (an
 * HTML error page, a truncated body, other JSON, more than {@link MAX_JSON_ANSWER_BYTES})
 * is a 502 `UPSTREAM_ERROR`, reported through `fail` with the reason. The idle deadline is
 * restarted by every chunk. Resolves when the answer was relayed or the relay failed.
 */
export function relayJson(
  res: ServerResponse,
  response: IncomingMessage,
  control: RelayControl,
  idleTimeoutMs: number,
  fail: (error: MappedError, detail?: Record<string, unknown>) => void,
): Promise<void> {
  control.arm(idleTimeoutMs);
  const contentType = String(response.headers['content-type'] ?? '');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = () => {
      settled = true;
      response.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      control.arm(idleTimeoutMs);
      received += chunk.length;
      if (received > MAX_JSON_ANSWER_BYTES) {
        settle();
        response.destroy();
        fail(INVALID_ANSWER, { reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    response.on('data', onData);
    response.once('end', () => {
      if (settled) return;
      settle();
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
      const problem = problemOf(contentType, body);
      if (problem !== undefined) {
        fail(INVALID_ANSWER, { reason: problem });
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', body.length);
      res.end(body);
    });
    response.on('error', ignoreError);
    response.once('close', () => {
      if (settled) return;
      settle();
      const cause: AbortCause | undefined = control.cause();
      if (cause === 'client') return;
      fail(cause === 'timeout' ? TIMED_OUT : cause === 'shutdown' ? SHUTTING_DOWN : UNREACHABLE);
    });
  });
}

import type { ServerResponse } from 'node:http';
import { ERROR_CODES, isQueryResponse } from '@agent-chat/protocol';
import type { AnswerIdsRewriter } from '../identity/index.js';
import {
  type AbortCause,
  MAX_UPSTREAM_ANSWER_BYTES,
  type MappedError,
  type RelayControl,
  TIMED_OUT,
  UNREACHABLE,
  type UpstreamResponse,
} from '../upstream/index.js';
import { SHUTTING_DOWN } from './stream-relay.js';

/** What {@link relayJson} needs besides the two ends. */
export interface JsonRelayOptions {
  control: RelayControl;
  idleTimeoutMs: number;
  /** Signs the answer's `visitorId`, `conversationId` and `messageId` for the browser. */
  rewriteIds: AnswerIdsRewriter;
}

/** What a visitor gets for a 200 that is not a query response. */
const UNREADABLE_ANSWER: MappedError = {
  status: 502,
  code: ERROR_CODES.upstreamError,
  message: 'The agent service sent an answer that could not be read. Please try again.',
};

const jsonContentType = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;

function ignoreError(): void {}

/** The parsed query response, or why a complete upstream body is not one. */
function parseAnswer(contentType: string, body: Buffer): { answer: object } | { problem: string } {
  if (!jsonContentType.test(contentType)) return { problem: 'not-json-content-type' };
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { problem: 'invalid-json' };
  }
  return isQueryResponse(value) ? { answer: value } : { problem: 'not-a-query-response' };
}

/**
 * Relays a JSON answer once it has fully arrived and proved to be a query response: a JSON
 * content type, JSON that parses, and the shape of `QueryResponse`. Its ids are then signed
 * for the browser (`rewriteIds`) and it is sent with its length. Anything else (an HTML
 * error page, a truncated body, other JSON, more than {@link MAX_UPSTREAM_ANSWER_BYTES}) is a 502
 * `UPSTREAM_ERROR`, reported through `fail` with the reason. The idle deadline is restarted
 * by every chunk. Resolves when the answer was relayed or the relay failed.
 */
export function relayJson(
  res: ServerResponse,
  response: UpstreamResponse,
  options: JsonRelayOptions,
  fail: (error: MappedError, detail?: Record<string, unknown>) => void,
): Promise<void> {
  const { control, idleTimeoutMs } = options;
  control.arm(idleTimeoutMs);
  const contentType = String(response.headers['content-type'] ?? '');
  const { body } = response;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = () => {
      settled = true;
      body.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      control.arm(idleTimeoutMs);
      received += chunk.length;
      if (received > MAX_UPSTREAM_ANSWER_BYTES) {
        settle();
        body.destroy();
        fail(UNREADABLE_ANSWER, { reason: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    body.on('data', onData);
    body.once('end', () => {
      if (settled) return;
      settle();
      const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received);
      const parsed = parseAnswer(contentType, bytes);
      const answer = 'answer' in parsed ? options.rewriteIds(parsed.answer) : undefined;
      if (answer === undefined) {
        fail(UNREADABLE_ANSWER, { reason: 'problem' in parsed ? parsed.problem : 'not-an-object' });
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', Buffer.byteLength(answer));
      res.end(answer);
    });
    body.on('error', ignoreError);
    body.once('close', () => {
      if (settled) return;
      settle();
      const cause: AbortCause | undefined = control.cause();
      if (cause === 'client') return;
      fail(cause === 'timeout' ? TIMED_OUT : cause === 'shutdown' ? SHUTTING_DOWN : UNREACHABLE);
    });
  });
}

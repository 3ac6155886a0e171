import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { AnswerIdsRewriter } from '../identity/index.js';
import {
  type AbortCause,
  type MappedError,
  type RelayControl,
  TIMED_OUT,
  UNREACHABLE,
} from '../upstream/index.js';
import { SHUTTING_DOWN } from './stream-relay.js';

/** What {@link relayJson} needs besides the two ends. */
export interface JsonRelayOptions {
  control: RelayControl;
  idleTimeoutMs: number;
  /** Signs the answer's `visitorId` and `conversationId` for the browser. */
  rewriteIds: AnswerIdsRewriter;
  /** Largest upstream answer read, bytes. Default {@link MAX_JSON_ANSWER_BYTES}. */
  maxBytes?: number;
}

/** Largest JSON answer the BFF reads from the upstream (an answer is a few KB). */
export const MAX_JSON_ANSWER_BYTES = 4 * 1024 * 1024;

/** What a visitor gets when the upstream's answer is not a JSON object, or far too large. */
export const UNREADABLE_ANSWER: MappedError = {
  status: 502,
  code: ERROR_CODES.upstreamError,
  message: 'The agent service sent an answer the chat server could not read. Please try again.',
};

function ignoreError(): void {}

/**
 * Relays a JSON answer: reads it (the idle deadline restarted by every chunk, at most
 * `maxBytes`), rewrites its ids for the browser, and sends it with its length. Resolves
 * when the answer was relayed or the relay failed (mapped to a JSON error).
 */
export function relayJson(
  res: ServerResponse,
  response: IncomingMessage,
  options: JsonRelayOptions,
  fail: (error: MappedError) => void,
): Promise<void> {
  const { control, idleTimeoutMs } = options;
  const maxBytes = options.maxBytes ?? MAX_JSON_ANSWER_BYTES;
  control.arm(idleTimeoutMs);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let settled = false;
    const settle = () => {
      settled = true;
      response.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      control.arm(idleTimeoutMs);
      length += chunk.length;
      if (length > maxBytes) {
        settle();
        response.destroy();
        fail(UNREADABLE_ANSWER);
        return;
      }
      chunks.push(chunk);
    };
    response.on('data', onData);
    response.once('end', () => {
      if (settled) return;
      settle();
      const answer = options.rewriteIds(Buffer.concat(chunks, length).toString('utf8'));
      if (answer === undefined) {
        fail(UNREADABLE_ANSWER);
        return;
      }
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Length', Buffer.byteLength(answer));
      res.end(answer);
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

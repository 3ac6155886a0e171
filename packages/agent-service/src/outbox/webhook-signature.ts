import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_REPLAY_WINDOW_SECONDS } from '@agent-chat/protocol';

/** Shortest webhook secret accepted, in characters. */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

/**
 * The signature of a webhook body sent at `timestamp` (Unix seconds): `sha256=` and the
 * hex HMAC-SHA256, keyed by the secret, of `"<timestamp>.<raw body>"`.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * What a receiver checks (for receivers written in Node): the signature matches the raw
 * body and the timestamp (constant-time comparison), and the timestamp is within
 * `windowSeconds` (default 300) of `now` — an older delivery replayed by someone who
 * captured it is refused.
 *
 * @example
 * verifyWebhook({ secret, body: rawBody, timestamp: req.headers['x-agent-chat-timestamp'],
 *   signature: req.headers['x-agent-chat-signature'] }) // true or false
 */
export function verifyWebhook(input: {
  secret: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  now?: number;
  windowSeconds?: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!input.timestamp || !/^\d+$/.test(input.timestamp) || input.signature === undefined) {
    return false;
  }
  const now = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(now - timestamp) > (input.windowSeconds ?? WEBHOOK_REPLAY_WINDOW_SECONDS)) {
    return false;
  }
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body));
  const given = Buffer.from(input.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

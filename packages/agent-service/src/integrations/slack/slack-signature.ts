import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a request's timestamp may be from our clock, s (Slack's own advice: 5 minutes). */
export const SLACK_REPLAY_WINDOW_SECONDS = 300;

/** `v0=` + hex HMAC-SHA256 of `v0:<timestamp>:<raw body>`, keyed by the signing secret. */
export function signSlackRequest(signingSecret: string, timestamp: string, body: Buffer): string {
  const hmac = createHmac('sha256', signingSecret);
  hmac.update(`v0:${timestamp}:`);
  hmac.update(body);
  return `v0=${hmac.digest('hex')}`;
}

/**
 * Whether a request really comes from Slack, as Slack documents it ("Verifying requests
 * from Slack"): the `X-Slack-Signature` of the raw body — the bytes as received, before
 * any parsing — with a `X-Slack-Request-Timestamp` within {@link SLACK_REPLAY_WINDOW_SECONDS}
 * of `nowMs`, compared in constant time. A replayed request with an old timestamp fails.
 */
export function verifySlackRequest(
  signingSecret: string,
  request: { timestamp: string | undefined; signature: string | undefined; body: Buffer },
  nowMs: number,
): boolean {
  const { timestamp, signature } = request;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SLACK_REPLAY_WINDOW_SECONDS) return false;
  const expected = Buffer.from(signSlackRequest(signingSecret, timestamp, request.body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const body = '{"id":"e1","type":"handoff.requested","data":{"text":"été"}}';

type Verify = (
  rawBody: string,
  headers: Record<string, string>,
  secret: string,
  nowMs?: number,
) => boolean;

/** The verification snippet of the README, run as a receiver would paste it. */
function readmeSnippet(): Verify {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const code = /```js\n(import \{ createHmac[\s\S]*?)```/.exec(readme)?.[1];
  expect(code, 'the README has the verification snippet').toBeDefined();
  const body = (code ?? '').replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', `${body}\nreturn verifyAgentChatWebhook;`)(
    createHmac,
    timingSafeEqual,
  ) as Verify;
}

describe('webhook signatures', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const timestamp = now / 1000;
  const signature = signWebhook(SECRET, timestamp, body);

  it('sign "<timestamp>.<raw body>" with HMAC-SHA256, as the README tells receivers to check', () => {
    expect(signature).toBe(
      `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`,
    );
    const readme = readmeSnippet();
    const headers = {
      'x-agent-chat-timestamp': String(timestamp),
      'x-agent-chat-signature': signature,
    };
    for (const verify of [
      (raw: string, given: Record<string, string>, at: number) => readme(raw, given, SECRET, at),
      (raw: string, given: Record<string, string>, at: number) =>
        verifyWebhook({
          secret: SECRET,
          body: raw,
          timestamp: given['x-agent-chat-timestamp'],
          signature: given['x-agent-chat-signature'],
          now: at,
        }),
    ]) {
      expect(verify(body, headers, now)).toBe(true);
      expect(verify(body, headers, now + 299_000)).toBe(true);
      // Replayed after the window, tampered, or signed with another key: refused.
      expect(verify(body, headers, now + 301_000)).toBe(false);
      expect(verify(body.replace('été', 'ete'), headers, now)).toBe(false);
      expect(
        verify(body, { ...headers, 'x-agent-chat-timestamp': String(timestamp + 1) }, now),
      ).toBe(false);
      expect(
        verify(
          body,
          {
            ...headers,
            'x-agent-chat-signature': signWebhook('another-secret-0123', timestamp, body),
          },
          now,
        ),
      ).toBe(false);
      expect(verify(body, { 'x-agent-chat-signature': signature }, now)).toBe(false);
    }
  });
});

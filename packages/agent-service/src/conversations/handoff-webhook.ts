import { createHmac, randomUUID } from 'node:crypto';
import type { ConversationSummary } from '@agent-chat/protocol';
import type { Logger } from '../logger.js';

/** A handoff that just started: a visitor asked for a person. */
export interface HandoffEvent {
  organizationId: string;
  conversation: ConversationSummary;
}

/** Delivers handoff notifications in the background. */
export interface HandoffNotifier {
  /** Queues a delivery and returns at once: the visitor's request never waits for it. */
  notify(event: HandoffEvent): void;
  /** Resolves when every queued delivery has succeeded or given up (tests, shutdown). */
  idle(): Promise<void>;
  /** Cancels pending retries. */
  close(): void;
}

/** Options of {@link createHandoffWebhook}. */
export interface HandoffWebhookOptions {
  /** Where to POST the JSON notification. */
  url: string;
  /** HMAC-SHA256 key of the signature (at least {@link WEBHOOK_SECRET_MIN_LENGTH} characters). */
  secret: string;
  /** Retries after the first attempt. Default 5. */
  retries?: number;
  /** Delay before the first retry, doubled each time (1 s, 2 s, 4 s …), ms. Default 1 000. */
  baseDelayMs?: number;
  /** Longest wait for one attempt's response, ms. Default 10 000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Clock for the signed timestamp. Default `Date.now`. */
  now?: () => number;
  logger?: Logger;
}

/** Shortest secret a handoff webhook accepts, in characters. */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;

/** Header with the signature: `sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`. */
export const SIGNATURE_HEADER = 'x-agent-chat-signature';
/** Header with the signing time in Unix seconds; receivers reject old ones (replay). */
export const TIMESTAMP_HEADER = 'x-agent-chat-timestamp';

/** The signature of a webhook body sent at `timestamp` (Unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const delay = (ms: number, timers: Set<NodeJS.Timeout>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timer.unref();
    timers.add(timer);
  });

/**
 * A handoff notifier that POSTs `{type: 'conversation.handoff', id, createdAt,
 * organizationId, conversation}` to `url`, signed with HMAC-SHA256 over
 * `<timestamp>.<raw body>` (headers {@link TIMESTAMP_HEADER}, {@link SIGNATURE_HEADER};
 * `x-agent-chat-event-id` is the same on every retry, for deduplication). Network errors,
 * timeouts, 429 and 5xx are retried with exponential backoff (re-signed with a fresh
 * timestamp); other 4xx answers are final. Failures are logged without the secret.
 */
export function createHandoffWebhook(options: HandoffWebhookOptions): HandoffNotifier {
  if (options.secret.length < WEBHOOK_SECRET_MIN_LENGTH) {
    throw new Error(
      `The handoff webhook secret must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters long.`,
    );
  }
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const retries = options.retries ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 1_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const target = new URL(options.url);
  const pending = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function attempt(eventId: string, body: string): Promise<'done' | 'retry' | 'fail'> {
    const timestamp = Math.floor(now() / 1000);
    try {
      const response = await doFetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'agent-chat-service',
          'x-agent-chat-event-id': eventId,
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel().catch(() => {});
      if (response.ok) return 'done';
      return response.status === 429 || response.status >= 500 ? 'retry' : 'fail';
    } catch {
      return 'retry';
    }
  }

  async function deliver(event: HandoffEvent): Promise<void> {
    const eventId = randomUUID();
    const body = JSON.stringify({
      type: 'conversation.handoff',
      id: eventId,
      createdAt: new Date(now()).toISOString(),
      organizationId: event.organizationId,
      conversation: event.conversation,
    });
    const details = { eventId, conversationId: event.conversation.id, host: target.host };
    for (let tried = 0; !closed; tried += 1) {
      const outcome = await attempt(eventId, body);
      if (outcome === 'done') return;
      if (outcome === 'fail' || tried >= retries) {
        options.logger?.warn({ ...details, attempts: tried + 1 }, 'handoff webhook failed');
        return;
      }
      await delay(baseDelayMs * 2 ** tried, timers);
    }
  }

  return {
    notify(event) {
      if (closed) return;
      const delivery = deliver(event).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

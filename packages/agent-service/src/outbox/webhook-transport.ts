import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@agent-chat/protocol';
import { createSafeFetcher, FetchError } from '../web/index.js';
import { DeliveryError } from './delivery-error.js';
import type { WebhookMessage } from './outbox-entry.js';
import { signWebhook } from './webhook-signature.js';

/** Options of {@link createWebhookTransport}. */
export interface WebhookTransportOptions {
  /** HMAC-SHA256 key of the signatures. */
  secret: string;
  /** Allow receivers on loopback and private addresses (tests, intranets). Default false. */
  allowPrivateUrls?: boolean;
  /** Longest wait for one attempt's answer, ms. Default 10 000. */
  timeoutMs?: number;
  /** Clock of the signed timestamp. Default `Date.now`. */
  now?: () => number;
}

/** POSTs signed webhook events. */
export interface WebhookTransport {
  /** Sends one event; throws a {@link DeliveryError} unless the receiver answered 2xx. */
  send(message: WebhookMessage, signal?: AbortSignal): Promise<void>;
  /** Closes the kept-alive connections. */
  close(): void;
}

/**
 * Posts events as JSON, each attempt signed with a fresh timestamp (headers
 * `x-agent-chat-timestamp`, `x-agent-chat-signature`, `x-agent-chat-event-id`), through the
 * crawler's SSRF-safe fetcher: a receiver whose name resolves to a private address is
 * refused (for good) unless `allowPrivateUrls`, and redirects are not followed. Network
 * errors, timeouts, 408, 429 and 5xx are temporary; other answers are final.
 */
export function createWebhookTransport(options: WebhookTransportOptions): WebhookTransport {
  const now = options.now ?? Date.now;
  const fetcher = createSafeFetcher({
    allowPrivateUrls: options.allowPrivateUrls === true,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxBytes: 1024 * 1024,
    userAgent: 'agent-chat-webhook/1.0',
  });
  return {
    async send(message, signal) {
      const timestamp = Math.floor(now() / 1000);
      try {
        await fetcher.fetch(message.url, {
          method: 'POST',
          body: message.body,
          headers: {
            'content-type': 'application/json',
            accept: '*/*',
            [WEBHOOK_EVENT_ID_HEADER]: message.eventId,
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(options.secret, timestamp, message.body),
          },
          ...(signal ? { signal } : {}),
        });
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        const status = error.status;
        const temporary =
          error.code === 'HTTP_ERROR'
            ? status === 408 || status === 429 || (status !== undefined && status >= 500)
            : ['TIMEOUT', 'NETWORK_ERROR', 'ABORTED', 'TOO_LARGE'].includes(error.code);
        throw new DeliveryError(error.message, { permanent: !temporary, cause: error });
      }
    },
    close() {
      fetcher.close();
    },
  };
}

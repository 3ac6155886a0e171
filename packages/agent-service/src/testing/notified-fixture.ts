/**
 * The conversation fixture with somewhere to notify: a real SMTP test server for the mails
 * and a webhook receiver that verifies each event's signature, the outbox polling fast;
 * and asking its agent a question. Shared by the tests of notifications, the gaps report
 * and a conversation's users.
 */
import type { QueryResponse } from '@agent-chat/protocol';
import { expect } from 'vitest';
import type { StartAgentServiceOptions } from '../options/index.js';
import { type ConversationFixture, startConversationFixture } from './conversation-fixture.js';
import { type SmtpTestServer, startSmtpTestServer } from './smtp-test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/** The secret the fixture's events are signed with (the receiver verifies it). */
export const NOTIFIED_WEBHOOK_SECRET = 'a-webhook-secret-of-32-characters';

/** A conversation fixture and where its mails and events go; see {@link startNotifiedFixture}. */
export interface NotifiedFixture {
  fixture: ConversationFixture;
  smtp: SmtpTestServer;
  receiver: WebhookReceiver;
  /** Closes the service, then the receiver and the SMTP server. */
  close(): Promise<void>;
}

/**
 * Starts the SMTP server, the receiver and the conversation fixture, its mail to
 * `ops@example.com` and its events to the receiver (on loopback: `allowPrivateUrls`),
 * retried after 20 ms and polled every 50 ms; `options` add to or replace these.
 */
export async function startNotifiedFixture(
  options: StartAgentServiceOptions = {},
): Promise<NotifiedFixture> {
  const smtp = await startSmtpTestServer();
  const receiver = await startWebhookReceiver(NOTIFIED_WEBHOOK_SECRET);
  const closeServers = async () => {
    await receiver.close();
    await smtp.close();
  };
  let fixture: ConversationFixture;
  try {
    fixture = await startConversationFixture({
      smtpUrl: smtp.url,
      notifyEmail: 'ops@example.com',
      webhook: { url: receiver.url, secret: NOTIFIED_WEBHOOK_SECRET },
      allowPrivateUrls: true,
      outbox: { baseDelayMs: 20, pollMs: 50 },
      ...options,
    });
  } catch (error) {
    await closeServers();
    throw error;
  }
  return {
    fixture,
    smtp,
    receiver,
    close: async () => {
      await fixture.service.close();
      await closeServers();
    },
  };
}

/** Asks the fixture's agent `query` as `visitorId` (a 200, checked) and returns the answer. */
export async function askAgent(
  fixture: ConversationFixture,
  query: string,
  visitorId: string,
): Promise<QueryResponse> {
  const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
    query,
    visitorId,
  });
  expect(response.status).toBe(200);
  return response.body as QueryResponse;
}

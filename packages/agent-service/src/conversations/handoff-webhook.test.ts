import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startConversationFixture } from '../testing/conversation-fixture.js';
import { createHandoffWebhook } from './handoff-webhook.js';

const SECRET = 'a-webhook-secret-of-32-characters';

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A loopback receiver answering each delivery with the next status of `statuses` (then 200). */
async function startReceiver(statuses: (number | 'hang')[] = []) {
  const deliveries: Delivery[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    deliveries.push({
      headers: req.headers,
      body: Buffer.concat(chunks).toString(),
      at: Date.now(),
    });
    const status = statuses.shift() ?? 200;
    if (status === 'hang') return;
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/handoff`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  closers.push(close);
  return { url, deliveries };
}

/** Verifies a delivery the way a receiver would (independently of the service's code). */
function verify(delivery: Delivery) {
  const timestamp = delivery.headers['x-agent-chat-timestamp'] as string;
  const expected = createHmac('sha256', SECRET)
    .update(`${timestamp}.${delivery.body}`)
    .digest('hex');
  expect(delivery.headers['x-agent-chat-signature']).toBe(`sha256=${expected}`);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
  expect(delivery.headers['content-type']).toBe('application/json');
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const summary = {
  id: 'conv-1',
  agentId: 'agent-1',
  visitorId: 'visitor-1',
  status: 'handoff' as const,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  messageCount: 2,
  feedback: { good: 0, bad: 0 },
  lastMessage: null,
};

describe('handoff webhook', () => {
  it('retries a failing receiver with exponential backoff until it succeeds, signed each time', async () => {
    const receiver = await startReceiver([503, 'hang', 500]);
    const notifier = createHandoffWebhook({
      url: receiver.url,
      secret: SECRET,
      baseDelayMs: 40,
      timeoutMs: 200,
    });
    notifier.notify({ organizationId: 'org-1', conversation: summary });
    await notifier.idle();
    expect(receiver.deliveries).toHaveLength(4);
    for (const delivery of receiver.deliveries) verify(delivery);
    const ids = new Set(receiver.deliveries.map((d) => d.headers['x-agent-chat-event-id']));
    expect(ids.size).toBe(1);
    const gaps = receiver.deliveries
      .slice(1)
      .map((d, index) => d.at - (receiver.deliveries[index]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(35); // 40 ms
    expect(gaps[1]).toBeGreaterThanOrEqual(75 + 150); // 200 ms timeout, then 80 ms
    expect(gaps[2]).toBeGreaterThanOrEqual(150); // 160 ms
    expect(JSON.parse(receiver.deliveries[3]?.body ?? '')).toEqual({
      type: 'conversation.handoff',
      id: [...ids][0],
      createdAt: expect.any(String),
      organizationId: 'org-1',
      conversation: summary,
    });
  });

  it('rejects a tampered body: the signature covers the raw body and the timestamp', async () => {
    const receiver = await startReceiver();
    const notifier = createHandoffWebhook({ url: receiver.url, secret: SECRET });
    notifier.notify({ organizationId: 'org-1', conversation: summary });
    await notifier.idle();
    const [delivery] = receiver.deliveries as [Delivery];
    verify(delivery);
    const tampered = { ...delivery, body: delivery.body.replace('visitor-1', 'visitor-2') };
    expect(() => verify(tampered)).toThrow();
    const replayed = {
      ...delivery,
      headers: {
        ...delivery.headers,
        'x-agent-chat-timestamp': String(Math.floor(Date.now() / 1000) - 3600),
      },
    };
    expect(() => verify(replayed)).toThrow();
  });

  it('gives up after the retries, and at once on a 4xx, logging without the secret', async () => {
    const warnings: string[] = [];
    const logger = {
      info() {},
      error() {},
      warn: (details: Record<string, unknown>, message: string) =>
        warnings.push(`${message} ${JSON.stringify(details)}`),
    };
    const failing = await startReceiver([500, 500, 500, 500]);
    const notifier = createHandoffWebhook({
      url: failing.url,
      secret: SECRET,
      retries: 2,
      baseDelayMs: 10,
      logger,
    });
    notifier.notify({ organizationId: 'org-1', conversation: summary });
    const rejecting = await startReceiver([401]);
    const strict = createHandoffWebhook({ url: rejecting.url, secret: SECRET, logger });
    strict.notify({ organizationId: 'org-1', conversation: summary });
    await Promise.all([notifier.idle(), strict.idle()]);
    expect(failing.deliveries).toHaveLength(3);
    expect(rejecting.deliveries).toHaveLength(1);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toMatch(/handoff webhook failed/);
    expect(warnings.join('\n')).not.toContain(SECRET);
  });

  it('refuses a short secret', () => {
    expect(() => createHandoffWebhook({ url: 'http://127.0.0.1:1/', secret: 'short' })).toThrow(
      /at least 16 characters/,
    );
  });

  it('is sent when a visitor starts a handoff, without making the visitor wait', async () => {
    const receiver = await startReceiver(['hang', 200]);
    // The service's webhook calls: a notification starts its first attempt before the
    // handoff request is answered, so a count taken after the answer is final.
    let attempts = 0;
    const fixture = await startConversationFixture({
      handoffWebhook: { url: receiver.url, secret: SECRET, baseDelayMs: 20, timeoutMs: 1_500 },
      fetch: (input, init) => {
        attempts += 1;
        return fetch(input, init);
      },
    });
    try {
      const answer = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
        query: 'refunds',
        visitorId: 'visitor-w',
      });
      const id = answer.body.conversationId;
      const started = performance.now();
      const handoff = await fixture.call('POST', `/api/conversations/${id}/handoff`, {
        agentId: fixture.agentId,
        visitorId: 'visitor-w',
      });
      expect(handoff.status).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(attempts).toBe(1);
      await expect.poll(() => receiver.deliveries.length, { timeout: 5_000 }).toBe(2);
      const delivered = receiver.deliveries[1] as Delivery;
      verify(delivered);
      expect(JSON.parse(delivered.body)).toMatchObject({
        type: 'conversation.handoff',
        organizationId: fixture.organizationId,
        conversation: { id, status: 'handoff', visitorId: 'visitor-w', agentId: fixture.agentId },
      });
      // Asking again while in handoff notifies nobody twice.
      await fixture.call('POST', `/api/conversations/${id}/handoff`, {
        agentId: fixture.agentId,
        visitorId: 'visitor-w',
      });
      expect(attempts).toBe(2);
      expect(receiver.deliveries).toHaveLength(2);
    } finally {
      await fixture.service.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { Contact, Delivery } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService } from '../agent-service.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import {
  askAgent,
  type NotifiedFixture,
  NOTIFIED_WEBHOOK_SECRET as SECRET,
  startNotifiedFixture,
} from '../testing/notified-fixture.js';
import type { SmtpTestServer } from '../testing/smtp-test-server.js';
import { createTestDatabase } from '../testing/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';

const CONSOLE = 'https://chat.example.com/admin/';

let notified: NotifiedFixture | undefined;
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
let fixture: ConversationFixture;
const ask = async (query: string, visitorId: string): Promise<string> =>
  (await askAgent(fixture, query, visitorId)).conversationId;

const eventsOf = (type: string) =>
  receiver.received.filter((delivery) => delivery.event.type === type);

beforeAll(async () => {
  notified = await startNotifiedFixture({
    mailFrom: 'Acme support <support@example.com>',
    publicConsoleUrl: CONSOLE,
  });
  ({ smtp, receiver, fixture } = notified);
  const capture = await fixture.call('PATCH', `/api/agents/${fixture.agentId}`, {
    contactCapture: {
      enabled: true,
      triggers: ['handoff'],
      fields: { name: 'optional', phone: 'off' },
      consentText: 'You may reply by mail.',
    },
  });
  expect(capture.status).toBe(200);
});

/** A visitor leaves a contact through the contacts route (as the BFF relays the widget's form). */
async function leaveContact(visitorId: string, email: string, conversationId?: string) {
  const response = await fixture.call('POST', `/api/agents/${fixture.agentId}/contacts`, {
    visitorId,
    email,
    name: 'Ada',
    ...(conversationId ? { conversationId } : {}),
  });
  expect(response.status).toBe(201);
  await fixture.service.outbox?.idle();
  return response.body as Contact;
}

afterAll(async () => {
  await notified?.close();
});

describe('notifications through a real SMTP server and a verifying webhook receiver', () => {
  it('a handoff request mails the operator the question, the last messages and a console link, and posts handoff.requested', async () => {
    const id = await ask('How long do refunds take?', 'visitor-h');
    const started = performance.now();
    const handoff = await fixture.call('POST', `/api/conversations/${id}/handoff`, {
      agentId: fixture.agentId,
      visitorId: 'visitor-h',
    });
    expect(handoff.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    await expect.poll(() => smtp.mails.length).toBe(1);
    const mail = smtp.mails[0];
    expect(mail?.envelope).toEqual({ from: 'support@example.com', to: ['ops@example.com'] });
    expect(mail?.headers.get('to')).toBe('ops@example.com');
    expect(mail?.headers.get('from')).toBe('Acme support <support@example.com>');
    expect(mail?.headers.get('subject')).toBe('A visitor asks for a person (Helper)');
    expect(mail?.text).toContain('Question: How long do refunds take?');
    expect(mail?.text).toMatch(/Visitor \([^)]+\):\nHow long do refunds take\?/);
    expect(mail?.text).toMatch(
      /AI \([^)]+\):\n[^\n]*\n\nRefunds are processed within five business days/,
    );
    expect(mail?.text).toContain(`Open the conversation: ${CONSOLE}#conversations/${id}`);

    await expect.poll(() => eventsOf('handoff.requested').length).toBe(1);
    const [event] = eventsOf('handoff.requested');
    expect(event?.verified).toBe(true);
    expect(event?.headers['content-type']).toBe('application/json');
    expect(event?.headers['x-agent-chat-event-id']).toBe(event?.event.id);
    expect(event?.event).toMatchObject({
      type: 'handoff.requested',
      organizationId: fixture.organizationId,
      data: {
        conversation: { id, status: 'handoff', visitorId: 'visitor-h', agentId: fixture.agentId },
        question: 'How long do refunds take?',
        consoleUrl: `${CONSOLE}#conversations/${id}`,
        messages: [
          { role: 'user', text: 'How long do refunds take?' },
          { role: 'assistant', text: expect.stringContaining('five business days') },
        ],
      },
    });

    // Asking again while in handoff notifies nobody twice.
    await fixture.call('POST', `/api/conversations/${id}/handoff`, {
      agentId: fixture.agentId,
      visitorId: 'visitor-h',
    });
    await fixture.service.outbox?.idle();
    expect(smtp.mails).toHaveLength(1);
    expect(eventsOf('handoff.requested')).toHaveLength(1);
  });

  it("mails an operator's reply to a visitor who left a contact, and says so; not to one who did not", async () => {
    const id = await ask('Can I embed the widget?', 'visitor-c');
    await leaveContact('visitor-c', 'ada@example.org', id);
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.headers.get('reply-to') === 'ada@example.org'))
      .toHaveLength(1);
    const before = smtp.mails.length;
    const reply = await fixture.call('POST', `/api/conversations/${id}/messages`, {
      text: 'Yes: one script tag.\nSee the docs.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      role: 'operator',
      text: 'Yes: one script tag.\nSee the docs.',
      emailedTo: 'ada@example.org',
    });
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
    const mail = smtp.mails.at(-1);
    expect(mail?.envelope.to).toEqual(['ada@example.org']);
    expect(mail?.headers.get('reply-to')).toBe('ops@example.com');
    expect(mail?.headers.get('subject')).toBe('A reply to your question (Helper)');
    expect(mail?.text).toContain('Yes: one script tag.\nSee the docs.');
    expect(mail?.text).toContain('You asked:\n> Can I embed the widget?');

    const other = await ask('Can I embed the widget?', 'visitor-without-contact');
    const silent = await fixture.call('POST', `/api/conversations/${other}/messages`, {
      text: 'Yes.',
    });
    expect(silent.body.emailedTo).toBeNull();
    await fixture.service.outbox?.idle();
    expect(smtp.mails).toHaveLength(before + 1);
  });

  it('posts conversation.resolved once, and feedback.negative for a new thumbs-down', async () => {
    const answer = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'How are refunds processed?',
      visitorId: 'visitor-v',
    });
    const { conversationId, messageId } = answer.body;
    const vote = (value: 'good' | 'bad', comment?: string) =>
      fixture.call('POST', '/api/conversations/eval-answer', {
        messageId,
        visitorId: 'visitor-v',
        eval: value,
        ...(comment ? { comment } : {}),
      });
    expect((await vote('bad', 'Too vague')).status).toBe(200);
    await vote('bad', 'Still vague'); // already bad: no second event
    await vote('good');
    await fixture.service.outbox?.idle();
    await expect.poll(() => eventsOf('feedback.negative').length).toBe(1);
    expect(eventsOf('feedback.negative')[0]?.event).toMatchObject({
      data: {
        conversationId,
        messageId,
        visitorId: 'visitor-v',
        agentId: fixture.agentId,
        question: 'How are refunds processed?',
        answer: expect.stringContaining('five business days'),
        comment: 'Too vague',
      },
    });

    const resolve = () =>
      fixture.call('POST', '/api/conversations/update-status', {
        conversationId,
        status: 'resolved',
      });
    expect((await resolve()).status).toBe(200);
    await resolve();
    await fixture.service.outbox?.idle();
    await expect.poll(() => eventsOf('conversation.resolved').length).toBe(1);
    expect(eventsOf('conversation.resolved')[0]).toMatchObject({
      verified: true,
      event: { data: { conversation: { id: conversationId, status: 'resolved' } } },
    });
  });

  it('posts datasource.synched and datasource.error when ingestion finishes or fails', async () => {
    // The fixture's two documents were ingested at start.
    await expect.poll(() => eventsOf('datasource.synched').length).toBeGreaterThanOrEqual(2);
    expect(eventsOf('datasource.synched').map((d) => d.event.data)).toEqual(
      expect.arrayContaining([
        {
          datasource: expect.objectContaining({
            name: 'refunds.md',
            status: 'synched',
            errorMessage: null,
          }),
        },
      ]),
    );
    const closed = await new Promise<number>((resolve) => {
      const server = createTcpServer();
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const datastores = await fixture.call('GET', '/api/datastores');
    const datastoreId = datastores.body[0]?.id ?? datastores.body.datastores?.[0]?.id;
    const created = await fixture.call('POST', '/api/datasources', {
      datastoreId,
      type: 'web_page',
      config: { source_url: `http://127.0.0.1:${closed}/gone` },
    });
    expect(created.status).toBe(201);
    await fixture.service.ingestion.waitFor([created.body.id]);
    await expect.poll(() => eventsOf('datasource.error').length).toBe(1);
    expect(eventsOf('datasource.error')[0]?.event.data).toEqual({
      datasource: {
        id: created.body.id,
        datastoreId,
        name: `http://127.0.0.1:${closed}/gone`,
        type: 'web_page',
        status: 'error',
        errorMessage: expect.stringContaining('could not be fetched'),
      },
    });
  });

  it('lists every delivery in the admin log, newest first, with its status', async () => {
    await fixture.service.outbox?.idle();
    const log = await fixture.call('GET', '/api/deliveries?limit=100');
    expect(log.status).toBe(200);
    const deliveries = log.body.deliveries as Delivery[];
    expect(deliveries.length).toBe(receiver.received.length + smtp.mails.length);
    expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
    expect(deliveries.map((delivery) => delivery.topic)).toEqual(
      expect.arrayContaining(['mail.handoff', 'mail.reply', 'handoff.requested']),
    );
    expect(deliveries.find((delivery) => delivery.topic === 'mail.reply')).toMatchObject({
      kind: 'mail',
      target: 'ada@example.org',
      summary: 'A reply to your question (Helper)',
      attempts: 1,
    });
    // Newest first, a page at a time: the reply, the contact it followed, the handoff.
    const topics: string[] = [];
    let cursor = '';
    for (let page = 0; page < 3; page += 1) {
      const mails = await fixture.call('GET', `/api/deliveries?kind=mail&limit=1${cursor}`);
      expect(mails.body.deliveries).toHaveLength(1);
      topics.push(mails.body.deliveries[0].topic);
      cursor = `&cursor=${mails.body.nextCursor}`;
    }
    expect(topics).toEqual(['mail.reply', 'mail.contact', 'mail.handoff']);
    expect((await fixture.call('GET', '/api/deliveries?status=lost')).status).toBe(400);
    expect((await fixture.call('GET', '/api/deliveries?cursor=abc')).status).toBe(400);
  });
});

describe('more mail cases (after the log above was counted)', () => {
  it('a new contact mails the operator and posts contact.captured; an update does not', async () => {
    const id = await ask('Do you ship abroad?', 'visitor-k');
    const contact = await leaveContact('visitor-k', 'kim@example.org', id);
    const subject = 'New contact: kim@example.org (Helper)';
    await expect
      .poll(() => smtp.mails.filter((mail) => mail.headers.get('subject') === subject))
      .toHaveLength(1);
    const mail = smtp.mails.find((candidate) => candidate.headers.get('subject') === subject);
    expect(mail?.envelope.to).toEqual(['ops@example.com']);
    expect(mail?.headers.get('reply-to')).toBe('kim@example.org');
    expect(mail?.text).toContain('Email: kim@example.org\nName: Ada');
    expect(mail?.text).toContain('Consent shown: You may reply by mail.');
    expect(mail?.text).toContain('Question: Do you ship abroad?');
    expect(mail?.text).toContain(`${CONSOLE}#conversations/${id}`);
    const captured = () =>
      eventsOf('contact.captured').filter(
        (delivery) => (delivery.event.data as { contact: Contact }).contact.id === contact.id,
      );
    await expect.poll(() => captured().length).toBe(1);
    expect(captured()[0]).toMatchObject({
      verified: true,
      event: { data: { contact, consoleUrl: `${CONSOLE}#conversations/${id}` } },
    });
    // Sending the form again updates the contact: nobody is told twice.
    const updated = await fixture.call('POST', `/api/agents/${fixture.agentId}/contacts`, {
      visitorId: 'visitor-k',
      email: 'kim@example.net',
    });
    expect(updated.status).toBe(200);
    await fixture.service.outbox?.idle();
    expect(captured()).toHaveLength(1);
    expect(
      smtp.mails.filter((candidate) =>
        candidate.headers.get('subject')?.startsWith('New contact: kim'),
      ),
    ).toHaveLength(1);
  });

  it('retries a mail the SMTP server refused for now (451), and gives up at once on a final 550', async () => {
    const send = async (visitorId: string) => {
      const id = await ask('refunds', visitorId);
      await fixture.call('POST', `/api/conversations/${id}/handoff`, {
        agentId: fixture.agentId,
        visitorId,
      });
      return id;
    };
    smtp.refuseNext(1, 451);
    const retried = await send('visitor-451');
    await expect
      .poll(async () => {
        const log = await fixture.call('GET', '/api/deliveries?kind=mail&limit=100');
        return (log.body.deliveries as Delivery[]).find((d) => d.conversationId === retried);
      })
      .toMatchObject({ status: 'delivered', attempts: 2 });
    smtp.refuseNext(1, 550);
    const refused = await send('visitor-550');
    await expect
      .poll(async () => {
        const log = await fixture.call('GET', '/api/deliveries?status=failed&kind=mail');
        return (log.body.deliveries as Delivery[]).find((d) => d.conversationId === refused);
      })
      .toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/550/) });
  });

  it('erasing a conversation forgets its mails and events', async () => {
    const id = await ask('refunds', 'visitor-erased');
    await fixture.call('POST', `/api/conversations/${id}/handoff`, {
      agentId: fixture.agentId,
      visitorId: 'visitor-erased',
    });
    const about = async () =>
      ((await fixture.call('GET', '/api/deliveries?limit=100')).body.deliveries as Delivery[])
        .filter((delivery) => delivery.conversationId === id)
        .map((delivery) => delivery.topic)
        .sort();
    expect(await about()).toEqual(['handoff.requested', 'mail.handoff']);
    expect((await fixture.call('DELETE', `/api/conversations/${id}`, {})).status).toBe(200);
    expect(await about()).toEqual([]);
  });

  it('erasing a contact forgets the mails and events about the conversations erased with it', async () => {
    const id = await ask('refunds', 'visitor-forgotten');
    const contact = await leaveContact('visitor-forgotten', 'gone@example.org', id);
    const about = async () =>
      ((await fixture.call('GET', '/api/deliveries?limit=100')).body.deliveries as Delivery[])
        .filter((delivery) => delivery.conversationId === id)
        .map((delivery) => delivery.topic)
        .sort();
    expect(await about()).toEqual(['contact.captured', 'mail.contact']);
    const erased = await fixture.call('DELETE', `/api/contacts/${contact.id}`, {});
    expect(erased.body).toEqual({ deleted: true, conversationsDeleted: 1 });
    expect(await about()).toEqual([]);
  });
});

describe('when the SMTP server does not answer', () => {
  let stalled: TcpServer;
  let service: ConversationFixture;

  beforeAll(async () => {
    // Accepts connections and never greets: each attempt waits for its timeout.
    stalled = createTcpServer(() => {});
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    service = await startConversationFixture({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      notifyEmail: 'ops@example.com',
      outbox: { maxAttempts: 2, baseDelayMs: 10, pollMs: 20, timeoutMs: 1_500 },
    });
  });

  afterAll(async () => {
    await service?.service.close();
    stalled.close();
  });

  it('answers the handoff at once, retries the mail, then marks it failed in the admin log', async () => {
    const id = (
      await service.call('POST', `/api/agents/${service.agentId}/query`, {
        query: 'refunds',
        visitorId: 'visitor-s',
      })
    ).body.conversationId;
    const started = performance.now();
    const handoff = await service.call('POST', `/api/conversations/${id}/handoff`, {
      agentId: service.agentId,
      visitorId: 'visitor-s',
    });
    expect(handoff.status).toBe(200);
    // The attempt waits 1.5 s for a greeting; the visitor does not.
    expect(performance.now() - started).toBeLessThan(1_000);

    await expect
      .poll(async () => (await service.call('GET', '/api/deliveries')).body.deliveries[0]?.attempts)
      .toBe(1);
    await expect
      .poll(
        async () => (await service.call('GET', '/api/deliveries?status=failed')).body.deliveries,
        {
          timeout: 10_000,
        },
      )
      .toHaveLength(1);
    const [failed] = (await service.call('GET', '/api/deliveries?status=failed')).body
      .deliveries as Delivery[];
    expect(failed).toMatchObject({
      kind: 'mail',
      topic: 'mail.handoff',
      target: 'ops@example.com',
      conversationId: id,
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
      deliveredAt: null,
    });
    expect(failed?.lastError).toMatch(/SMTP: .*(timeout|Greeting never received)/i);
  });
});

describe('HANDOFF_WEBHOOK_URL, the old name', () => {
  it('still receives the signed stream when WEBHOOK_URL is unset', async () => {
    const old = await startWebhookReceiver(SECRET);
    const service = await startConversationFixture({
      handoffWebhook: { url: old.url, secret: SECRET },
      allowPrivateUrls: true,
      outbox: { pollMs: 50 },
    });
    try {
      const id = (
        await service.call('POST', `/api/agents/${service.agentId}/query`, {
          query: 'refunds',
          visitorId: 'visitor-o',
        })
      ).body.conversationId;
      await service.call('POST', `/api/conversations/${id}/handoff`, {
        agentId: service.agentId,
        visitorId: 'visitor-o',
      });
      await expect
        .poll(() => old.received.filter((d) => d.event.type === 'handoff.requested').length)
        .toBe(1);
      expect(old.received.every((delivery) => delivery.verified)).toBe(true);
    } finally {
      await service.service.close();
      await old.close();
    }
  });

  it('a webhook on a private address is refused unless ALLOW_PRIVATE_URLS, and the failure is logged', async () => {
    const local = await startWebhookReceiver(SECRET);
    const service = await startConversationFixture({
      webhook: { url: local.url, secret: SECRET },
      outbox: { pollMs: 50 },
    });
    try {
      await expect
        .poll(
          async () =>
            (await service.call('GET', '/api/deliveries?status=failed')).body.deliveries.length,
        )
        .toBeGreaterThanOrEqual(2);
      const failed = (await service.call('GET', '/api/deliveries?status=failed')).body
        .deliveries as Delivery[];
      expect(failed[0]?.lastError).toMatch(/a loopback address \(127\.0\.0\.1\)/);
      expect(local.received).toHaveLength(0);
    } finally {
      await service.service.close();
      await local.close();
    }
  });
});

describe('mail options', () => {
  it('refuses SMTP without a sender', async () => {
    await expect(
      createAgentService({ database: await createTestDatabase(), smtpUrl: 'smtp://127.0.0.1:1' }),
    ).rejects.toThrow(/MAIL_FROM.*NOTIFY_EMAIL/);
  });
});

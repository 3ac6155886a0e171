import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import {
  type ApiErrorBody,
  type Contact,
  type ConversationDetail,
  DEFAULT_CONTACT_CAPTURE,
  ERROR_CODES,
  HANDOFF_ACKNOWLEDGEMENT,
  type MessagesResponse,
  type QueryResponse,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { createVisitorIdentity } from '../identity/index.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { newVisitor, postQuery, visitorIdOfToken } from '../testing/query-client.js';

const visitorSecret = 'agent-service-conversations-secret-0123456789';
const adminToken = 'admin-token-agent-service-conversations';

let service: RunningAgentService;
let harness: BffHarness;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  const { apiKey } = await service.seedDemo();
  harness = await startBff({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
    adminToken,
    visitorSecret,
  });
});
afterAll(async () => {
  await harness?.close();
  await service?.close();
});

const post = (route: string, body: unknown) =>
  fetch(`${harness.url}/api/agents/demo/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${harness.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

type Answer = { visitorId: string; conversationId: string; messageId: string; answer: string };

describe('conversations through the BFF against our agent service', () => {
  it('feedback round trip: the vote is stored, changed, and the transcripts filter on it', async () => {
    const alice = (await newVisitor(harness.url, 'demo')) as Answer;
    const vote = await post('feedback', {
      visitorId: alice.visitorId,
      messageId: alice.messageId,
      eval: 'bad',
      comment: 'Not what I asked',
    });
    expect(vote.status).toBe(200);
    expect(await vote.json()).toEqual({
      messageId: alice.messageId,
      eval: 'bad',
      comment: 'Not what I asked',
    });
    const conversation = alice.conversationId.slice(0, -23);
    const bad = await admin('GET', '/api/conversations?agentId=demo&feedback=bad');
    const list = (await bad.json()) as { conversations: { id: string }[] };
    expect(list.conversations.map((summary) => summary.id)).toContain(conversation);

    const changed = await post('feedback', {
      visitorId: alice.visitorId,
      messageId: alice.messageId,
      eval: 'good',
    });
    expect(await changed.json()).toMatchObject({ eval: 'good' });
    const detail = (await (
      await admin('GET', `/api/conversations/${conversation}`)
    ).json()) as ConversationDetail;
    const answer = detail.messages.find((message) => message.role === 'assistant');
    expect(answer).toMatchObject({ eval: 'good' });
  });

  it('handoff end to end: acknowledgement, operator reply polled by the visitor, hand-back', async () => {
    const alice = (await newVisitor(harness.url, 'demo')) as Answer & { handoffEnabled: boolean };
    const owned = { visitorId: alice.visitorId, conversationId: alice.conversationId };
    const conversation = alice.conversationId.slice(0, -23);
    // The agent setting decides: off (the default), the widget is told so and asking is 403.
    expect(alice.handoffEnabled).toBe(false);
    const refused = await post('handoff', owned);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: ERROR_CODES.handoffDisabled,
        message: 'This assistant does not offer a person to talk to.',
      },
    });
    const enabled = await admin('PATCH', '/api/agents/demo', { handoffEnabled: true });
    expect(enabled.status).toBe(200);
    const enabledAnswer = await postQuery(harness.url, 'demo', { query: 'Hello', ...owned });
    expect(await enabledAnswer.json()).toMatchObject({ handoffEnabled: true, status: 'open' });
    expect(await (await post('handoff', owned)).json()).toEqual({ status: 'handoff' });

    const waiting = await postQuery(harness.url, 'demo', { query: 'Anyone there?', ...owned });
    expect(((await waiting.json()) as Answer).answer).toBe(HANDOFF_ACKNOWLEDGEMENT);

    const reply = await admin('POST', `/api/conversations/${conversation}/messages`, {
      text: 'Hi, Sam from support here.',
    });
    expect(reply.status).toBe(201);
    const poll = (await (await post('messages', owned)).json()) as MessagesResponse;
    expect(poll.status).toBe('handoff');
    const last = poll.messages.at(-1);
    expect(last).toMatchObject({ role: 'operator', text: 'Hi, Sam from support here.' });
    expect(JSON.stringify(poll)).not.toContain('latencyMs');
    const after = (await (
      await post('messages', { ...owned, after: last?.id })
    ).json()) as MessagesResponse;
    expect(after.messages).toEqual([]);

    const back = await admin('POST', '/api/conversations/update-status', {
      conversationId: conversation,
      status: 'open',
    });
    expect(back.status).toBe(200);
    const answered = await postQuery(harness.url, 'demo', {
      query: 'How do I add the widget to my site?',
      ...owned,
    });
    expect(((await answered.json()) as Answer).answer).not.toBe(HANDOFF_ACKNOWLEDGEMENT);
  });

  it('the service refuses another visitor even with ids signed by a leaked secret', async () => {
    // Defence in depth: were VISITOR_SECRET to leak, an attacker could sign the victim's
    // upstream conversation id for themselves; our service still checks the owner.
    const alice = (await newVisitor(harness.url, 'demo')) as Answer;
    const mallory = (await newVisitor(harness.url, 'demo')) as Answer;
    const leaked = createVisitorIdentity({ secret: visitorSecret, maxAgeMs: 86_400_000 });
    const forged = leaked.signConversation(
      'demo',
      visitorIdOfToken(mallory.visitorId),
      alice.conversationId.slice(0, -23),
    );
    const response = await postQuery(harness.url, 'demo', {
      query: 'What did I ask before?',
      visitorId: mallory.visitorId,
      conversationId: forged,
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.notFound);
    const poll = await post('messages', { visitorId: mallory.visitorId, conversationId: forged });
    expect(poll.status).toBe(404);
  });
});

describe('contacts through the BFF against our agent service', () => {
  const contactCapture = {
    enabled: true,
    triggers: ['no_answer', 'handoff'],
    fields: { name: 'required', phone: 'off' },
    consentText: 'We reply by mail.',
  };
  afterAll(async () => {
    await admin('PATCH', '/api/agents/demo', { contactCapture: DEFAULT_CONTACT_CAPTURE });
  });

  it('settings, offer, capture, list, CSV and erasure, end to end', async () => {
    const settings = () => fetch(`${harness.url}/api/agents/demo/contact-capture`);
    expect(await (await settings()).json()).toEqual(DEFAULT_CONTACT_CAPTURE);
    const alice = (await newVisitor(harness.url, 'demo')) as Answer;
    const owned = { visitorId: alice.visitorId, conversationId: alice.conversationId };
    const refused = await post('contact', { ...owned, email: 'alice@example.com', name: 'Al' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error).toEqual({
      code: ERROR_CODES.contactCaptureDisabled,
      message: 'This assistant does not take contact details.',
    });

    expect((await admin('PATCH', '/api/agents/demo', { contactCapture })).status).toBe(200);
    const read = await settings();
    expect(read.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await read.json()).toEqual(contactCapture);
    const declined = await postQuery(harness.url, 'demo', {
      query: 'What is the airspeed velocity of an unladen swallow?',
      ...owned,
    });
    expect(((await declined.json()) as QueryResponse).contactCapture).toEqual({
      reason: 'no_answer',
      fields: contactCapture.fields,
      consentText: contactCapture.consentText,
    });

    const unnamed = await post('contact', { ...owned, email: 'alice@example.com' });
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as ApiErrorBody).error.code).toBe(ERROR_CODES.invalidRequest);
    const saved = await post('contact', { ...owned, email: 'alice@example.com', name: 'Alice' });
    expect(await saved.json()).toEqual({ email: 'alice@example.com', name: 'Alice', phone: null });

    const listed = (await (await admin('GET', '/api/contacts?q=ALICE@example')).json()) as {
      contacts: Contact[];
    };
    expect(listed.contacts).toHaveLength(1);
    const contact = listed.contacts[0] as Contact;
    expect(contact).toMatchObject({
      agentId: 'demo',
      visitorId: visitorIdOfToken(alice.visitorId),
      conversationId: alice.conversationId.slice(0, -23),
      consentText: 'We reply by mail.',
    });
    const csv = await admin('GET', '/api/contacts?format=csv&q=alice%40example.com');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="contacts-/);
    expect((await csv.text()).split('\r\n')[1]).toContain(',alice@example.com,Alice,,');
    expect((await admin('GET', '/api/contacts?limit=500')).status).toBe(400);
    expect((await fetch(`${harness.url}/api/contacts`)).status).toBe(401);
    const anonymous = await fetch(`${harness.url}/api/contacts/${contact.id}`, {
      method: 'DELETE',
    });
    expect(anonymous.status).toBe(401);

    const erased = await admin('DELETE', `/api/contacts/${contact.id}`);
    expect(await erased.json()).toEqual({ deleted: true, conversationsDeleted: 1 });
    expect((await admin('GET', `/api/conversations/${contact.conversationId}`)).status).toBe(404);
    expect((await admin('DELETE', `/api/contacts/${contact.id}`)).status).toBe(404);
  });
});

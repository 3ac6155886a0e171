import {
  CONVERSATION_CHANNEL_HEADER,
  type ConversationSummary,
  type WebhookEvent,
} from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationFixture } from '../testing/conversation-fixture.js';
import { type NotifiedFixture, startNotifiedFixture } from '../testing/notified-fixture.js';
import type { SmtpTestServer } from '../testing/smtp-test-server.js';
import { expectError } from '../testing/two-organizations.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';

const ADA = {
  userId: 'user-42',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  attributes: { plan: 'pro', company: 'Acme Ltd' },
};

let notified: NotifiedFixture | undefined;
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
let fixture: ConversationFixture;
/** Conversations by name, as the tests below created them. */
const ids: Record<string, string> = {};

/** Asks as the BFF does for a widget visitor (the channel header), or as a plain API caller. */
async function ask(query: string, visitorId: string, channel?: string) {
  const response = await fetch(`${fixture.service.url}/api/agents/${fixture.agentId}/query`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${fixture.apiKey}`,
      'content-type': 'application/json',
      ...(channel ? { [CONVERSATION_CHANNEL_HEADER]: channel } : {}),
    },
    body: JSON.stringify({ query, visitorId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { conversationId: string; messageId: string };
}

async function list(search: string): Promise<ConversationSummary[]> {
  const response = await fixture.call('GET', `/api/conversations${search}`);
  expect(response.status).toBe(200);
  return response.body.conversations;
}

const listed = async (search: string) => (await list(search)).map((item) => item.id).sort();

const eventsOf = <Type extends WebhookEvent['type']>(type: Type) =>
  receiver.received
    .map((delivery) => delivery.event as WebhookEvent)
    .filter((event): event is Extract<WebhookEvent, { type: Type }> => event.type === type);

beforeAll(async () => {
  notified = await startNotifiedFixture();
  ({ smtp, receiver, fixture } = notified);
  ids.ada = (await ask('How are refunds processed?', 'v-ada', 'widget')).conversationId;
  ids.bob = (await ask('How do I embed the widget?', 'v-bob', 'widget')).conversationId;
  ids.api = (await ask('How do I embed the widget?', 'v-script')).conversationId;
  ids.claimed = (await ask('refunds', 'v-claims', 'slack')).conversationId;
  const identified = await fixture.call(
    'POST',
    `/api/agents/${fixture.agentId}/identified-visitors`,
    { visitorId: 'v-ada', ...ADA },
  );
  expect(identified.status).toBe(200);
  const bob = await fixture.call('POST', `/api/agents/${fixture.agentId}/identified-visitors`, {
    visitorId: 'v-bob',
    userId: 'user-7',
    name: 'Bob',
    attributes: { plan: 'free' },
  });
  expect(bob.status).toBe(200);
});

afterAll(async () => {
  await notified?.close();
});

describe('a conversation’s channel and signed-in user', () => {
  it('are in the summaries and the transcript: widget from the BFF, api otherwise (a caller cannot claim slack)', async () => {
    const byId = new Map((await list('')).map((item) => [item.id, item]));
    expect(byId.get(ids.ada as string)).toMatchObject({
      channel: 'widget',
      user: { userId: 'user-42', name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    expect(byId.get(ids.ada as string)?.user?.attributes).toEqual(ADA.attributes);
    expect(byId.get(ids.api as string)).toMatchObject({ channel: 'api', user: null });
    expect(byId.get(ids.claimed as string)?.channel).toBe('api');
    const detail = await fixture.call('GET', `/api/conversations/${ids.ada}`);
    expect(detail.body).toMatchObject({ channel: 'widget', user: { name: 'Ada Lovelace' } });
    // A conversation continued elsewhere keeps the channel it started in.
    await fetch(`${fixture.service.url}/api/agents/${fixture.agentId}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'and then?', visitorId: 'v-ada', conversationId: ids.ada }),
    });
    expect((await fixture.call('GET', `/api/conversations/${ids.ada}`)).body.channel).toBe(
      'widget',
    );
  });

  it('filter the list and the export by channel, user (id, name or email) and attribute', async () => {
    expect(await listed('?channel=widget')).toEqual([ids.ada, ids.bob].sort());
    expect(await listed('?channel=api')).toEqual([ids.api, ids.claimed].sort());
    expect(await listed('?channel=slack')).toEqual([]);
    expect(await listed('?user=lovelace')).toEqual([ids.ada]);
    expect(await listed('?user=ADA%40EXAMPLE.COM')).toEqual([ids.ada]);
    expect(await listed('?user=user-7')).toEqual([ids.bob]);
    expect(await listed('?user=*')).toEqual([ids.ada, ids.bob].sort());
    // `%` and `_` are literal, not patterns.
    expect(await listed('?user=%25')).toEqual([]);
    expect(await listed('?attribute=plan:pro')).toEqual([ids.ada]);
    expect(await listed(`?attribute=${encodeURIComponent('company:Acme Ltd')}`)).toEqual([ids.ada]);
    expect(await listed('?attribute=plan:PRO')).toEqual([]);
    expect(await listed('?attribute=plan:free&channel=widget')).toEqual([ids.bob]);
    expect(await listed('?attribute=plan:free&channel=api')).toEqual([]);
    const exported = await fetch(
      `${fixture.service.url}/api/conversations/export?attribute=plan:pro`,
      { headers: { authorization: `Bearer ${fixture.apiKey}` } },
    );
    const lines = (await exported.text()).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([ids.ada]);
    expect(JSON.parse(lines[0] as string).user.attributes.plan).toBe('pro');
  });

  it('refuses malformed filters with 400', async () => {
    expectError(
      await fixture.call('GET', '/api/conversations?channel=email'),
      400,
      'INVALID_REQUEST',
      /channel must be one of: widget, api, slack, discord/,
    );
    expectError(
      await fixture.call('GET', '/api/conversations?attribute=plan'),
      400,
      'INVALID_REQUEST',
      /attribute must be key:value/,
    );
    expectError(
      await fixture.call('GET', `/api/conversations?user=${'u'.repeat(257)}`),
      400,
      'INVALID_REQUEST',
      /user must be at most 256 characters/,
    );
  });
});

describe('events and mails about a signed-in user', () => {
  it('handoff.requested carries the user and channel; the operator’s mail names them, Reply-To the verified email', async () => {
    const handoff = await fixture.call('POST', `/api/conversations/${ids.ada}/handoff`, {
      agentId: fixture.agentId,
      visitorId: 'v-ada',
    });
    expect(handoff.status).toBe(200);
    await expect.poll(() => eventsOf('handoff.requested').length).toBe(1);
    expect(eventsOf('handoff.requested')[0]?.data.conversation).toMatchObject({
      id: ids.ada,
      channel: 'widget',
      user: { ...ADA },
    });
    await expect.poll(() => smtp.mails.length).toBe(1);
    const mail = smtp.mails[0];
    expect(mail?.envelope.to).toEqual(['ops@example.com']);
    expect(mail?.headers.get('subject')).toBe('Ada Lovelace asks for a person (Helper)');
    expect(mail?.headers.get('reply-to')).toBe('ada@example.com');
    expect(mail?.text).toContain('Ada Lovelace, a signed-in user, of Helper asks for a person');
    expect(mail?.text).toContain('(channel: widget)');
    expect(mail?.text).toContain(
      'Signed-in user: Ada Lovelace <ada@example.com> (user id user-42)\n  plan: pro\n  company: Acme Ltd',
    );
  });

  it('the operator’s reply is mailed to the verified email, even when the visitor’s contact says another', async () => {
    // As if the visitor had left a contact form with another address before signing in.
    await fixture.service.database.query(
      `UPDATE contacts SET email = 'someone-else@example.org' WHERE visitor_id = 'v-ada'`,
    );
    await fixture.service.outbox?.idle();
    const before = smtp.mails.length;
    const reply = await fixture.call('POST', `/api/conversations/${ids.ada}/messages`, {
      text: 'Your refund is on its way.',
    });
    expect(reply.body.emailedTo).toBe('ada@example.com');
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)?.envelope.to).toEqual(['ada@example.com']);
    // A signed-in user without an email gets no mail (and left no contact).
    const silent = await fixture.call('POST', `/api/conversations/${ids.bob}/messages`, {
      text: 'Hello Bob.',
    });
    expect(silent.body.emailedTo).toBeNull();
  });

  it('feedback.negative and conversation.resolved carry the user and channel', async () => {
    const { conversationId, messageId } = await ask(
      'How do I embed the widget?',
      'v-bob',
      'widget',
    );
    const vote = await fixture.call('POST', '/api/conversations/eval-answer', {
      messageId,
      visitorId: 'v-bob',
      eval: 'bad',
    });
    expect(vote.status).toBe(200);
    await expect.poll(() => eventsOf('feedback.negative').length).toBe(1);
    expect(eventsOf('feedback.negative')[0]?.data).toMatchObject({
      conversationId,
      messageId,
      channel: 'widget',
      user: { userId: 'user-7', name: 'Bob', email: null, attributes: { plan: 'free' } },
    });
    const anonymous = await ask('refunds', 'v-anon');
    await fixture.call('POST', '/api/conversations/eval-answer', {
      messageId: anonymous.messageId,
      visitorId: 'v-anon',
      eval: 'bad',
    });
    await expect.poll(() => eventsOf('feedback.negative').length).toBe(2);
    expect(eventsOf('feedback.negative')[1]?.data).toMatchObject({ channel: 'api', user: null });
    await fixture.call('POST', '/api/conversations/update-status', {
      conversationId: ids.ada,
      status: 'resolved',
    });
    await expect.poll(() => eventsOf('conversation.resolved').length).toBe(1);
    expect(eventsOf('conversation.resolved')[0]?.data.conversation).toMatchObject({
      channel: 'widget',
      user: { userId: 'user-42', attributes: ADA.attributes },
    });
  });
});

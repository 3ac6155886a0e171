import {
  type ContactCaptureSettings,
  type ContactOffer,
  DEFAULT_CONTACT_CAPTURE,
  readQueryStream,
} from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactCapturedEvent } from '../contacts/index.js';
import { createApiClient } from '../testing/api-client.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;
const captured: ContactCapturedEvent[] = [];

const CAPTURE: ContactCaptureSettings = {
  enabled: true,
  triggers: ['handoff', 'no_answer'],
  fields: { name: 'optional', phone: 'off' },
  consentText: 'We use it only to reply.',
};
const OFFER_FIELDS = { fields: CAPTURE.fields, consentText: CAPTURE.consentText };
const UNKNOWN = 'What is the airspeed velocity of an unladen swallow?';

async function ask(query: string, visitorId: string, agentId = fixture.agentId) {
  const response = await fixture.call('POST', `/api/agents/${agentId}/query`, {
    query,
    visitorId,
  });
  expect(response.status).toBe(200);
  return response.body as {
    conversationId: string;
    answer: string;
    status: string;
    sources: unknown[];
    contactCapture?: ContactOffer;
  };
}

const submit = (body: Record<string, unknown>, agentId = fixture.agentId) =>
  fixture.call('POST', `/api/agents/${agentId}/contacts`, body);

const setCapture = (settings: ContactCaptureSettings, agentId = fixture.agentId) =>
  fixture.call('PATCH', `/api/agents/${agentId}`, { contactCapture: settings });

const countRows = async (sql: string, params: unknown[]) =>
  (await fixture.service.database.query(sql, params)).length;

beforeAll(async () => {
  fixture = await startConversationFixture({
    onContactCaptured: (event) => {
      captured.push(event);
    },
  });
});

afterAll(async () => {
  await fixture.service.close();
});

describe('POST /api/agents/{id}/contacts', () => {
  it('is refused with 403 CONTACT_CAPTURE_DISABLED while the agent does not capture contacts', async () => {
    const agent = await fixture.call('GET', `/api/agents/${fixture.otherAgentId}`);
    expect(agent.body.contactCapture).toEqual(DEFAULT_CONTACT_CAPTURE);
    expectError(
      await submit({ visitorId: 'v', email: 'a@example.com' }, fixture.otherAgentId),
      403,
      'CONTACT_CAPTURE_DISABLED',
      /contactCapture\.enabled/,
    );
    expect(await countRows('SELECT 1 FROM contacts', [])).toBe(0);
  });

  it('stores one contact per visitor, updates it, and tells the listener after each', async () => {
    expect((await setCapture(CAPTURE)).status).toBe(200);
    const answer = await ask('How are refunds processed?', 'ada');
    const first = await submit({
      visitorId: 'ada',
      conversationId: answer.conversationId,
      email: ' ada@example.com ',
      name: 'Ada',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      agentId: fixture.agentId,
      visitorId: 'ada',
      conversationId: answer.conversationId,
      email: 'ada@example.com',
      name: 'Ada',
      phone: null,
      consentText: CAPTURE.consentText,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await expect.poll(() => captured.length).toBe(1);
    expect(captured[0]).toEqual({
      organizationId: fixture.organizationId,
      contact: first.body,
      created: true,
    });

    const again = await submit({ visitorId: 'ada', email: 'ada@lovelace.example' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      email: 'ada@lovelace.example',
      name: null,
      conversationId: answer.conversationId,
    });
    await expect.poll(() => captured.length).toBe(2);
    expect(captured[1]).toMatchObject({ created: false, contact: { id: first.body.id } });
  });

  it('logs a listener that throws or rejects, and answers all the same', async () => {
    const logged: string[] = [];
    let calls = 0;
    const failing = await startConversationFixture({
      logger: { info() {}, warn() {}, error: (_details, message) => logged.push(message) },
      onContactCaptured: () => {
        calls += 1;
        if (calls === 1) throw new Error('mail server down');
        return Promise.reject(new Error('mail server still down'));
      },
    });
    try {
      await failing.call('PATCH', `/api/agents/${failing.agentId}`, { contactCapture: CAPTURE });
      const send = (visitorId: string) =>
        failing.call('POST', `/api/agents/${failing.agentId}/contacts`, {
          visitorId,
          email: `${visitorId}@example.com`,
        });
      expect((await send('first')).status).toBe(201);
      expect((await send('second')).status).toBe(201);
      await expect
        .poll(() => logged)
        .toEqual(['contact listener failed', 'contact listener failed']);
    } finally {
      await failing.service.close();
    }
  });

  it.each([
    [{ visitorId: 'v', email: 'not-an-email' }, /email must be an email address/],
    [{ visitorId: 'v', email: 'a@b' }, /email must be an email address/],
    [{ visitorId: 'v', email: `${'a'.repeat(250)}@x.io` }, /email must be at most 254/],
    [{ visitorId: 'v', email: 'a@b.io', name: 'x'.repeat(201) }, /name must be at most/],
    [{ visitorId: 'v', email: 'a@b.io', name: 'Ada\u0000' }, /control characters/],
    [{ visitorId: 'v', email: 'a@b.io', name: 'Ada\nLovelace' }, /control characters/],
    [{ visitorId: 'v', email: 'a@\u0085b.io' }, /control characters|email must be/],
    [{ visitorId: 'v' }, /email is required/],
    [{ visitorId: 'bad id', email: 'a@b.io' }, /visitorId/],
    [{ visitorId: 'v', email: 'a@b.io', extra: true }, /"extra" is not a field of this request/],
    [{ visitorId: 'v', email: 'a@b.io', phone: '+1 555 0100' }, /phone is not asked for/],
  ])('answers 400 to %j', async (body, message) => {
    expectError(await submit(body), 400, 'INVALID_REQUEST', message);
  });

  it("follows the agent's field modes: required must be present, off must be absent", async () => {
    await setCapture({ ...CAPTURE, fields: { name: 'required', phone: 'required' } });
    try {
      expectError(
        await submit({ visitorId: 'fields', email: 'f@example.com', phone: '+1 555 0100' }),
        400,
        'INVALID_REQUEST',
        /name is required/,
      );
      expectError(
        await submit({ visitorId: 'fields', email: 'f@example.com', name: ' ', phone: '555 0100' }),
        400,
        'INVALID_REQUEST',
        /name is required/,
      );
      const ok = await submit({
        visitorId: 'fields',
        email: 'f@example.com',
        name: 'Fi',
        phone: '+1 (555) 0100',
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ name: 'Fi', phone: '+1 (555) 0100' });
    } finally {
      await setCapture(CAPTURE);
    }
  });

  it('answers 404 for a conversation that is not this visitor’s with this agent', async () => {
    const mine = await ask('refunds', 'owner');
    const elsewhere = await ask('refunds', 'owner', fixture.otherAgentId);
    for (const [visitorId, conversationId] of [
      ['intruder', mine.conversationId],
      ['owner', elsewhere.conversationId],
      ['owner', 'no-such-conversation'],
    ]) {
      expectError(
        await submit({ visitorId, conversationId, email: 'o@example.com' }),
        404,
        'NOT_FOUND',
        /Conversation/,
      );
    }
    expectError(
      await submit({ visitorId: 'v', email: 'a@b.io' }, 'no-such-agent'),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /api/contacts', () => {
  beforeAll(async () => {
    await setCapture(CAPTURE);
    await setCapture(CAPTURE, fixture.otherAgentId);
    for (const [index, name] of ['Grace', 'Alan', 'Barbara', 'Edsger', 'Grace%'].entries()) {
      const response = await submit({
        visitorId: `list-${index}`,
        email: `${name.toLowerCase().replace('%', 'pct')}@list.example`,
        name,
      });
      expect(response.status).toBe(201);
    }
    await submit(
      { visitorId: 'list-other', email: '=cmd|x@list.example', name: 'Other, "quoted"' },
      fixture.otherAgentId,
    );
  });

  it('searches email, name and phone, filters by agent, newest first', async () => {
    const search = async (query: string) =>
      (await fixture.call('GET', `/api/contacts?${query}`)).body.contacts.map(
        (contact: { name: string }) => contact.name,
      );
    expect(await search('q=GRACE')).toEqual(['Grace%', 'Grace']);
    expect(await search('q=%25')).toEqual(['Grace%']);
    expect(await search('q=barbara%40list')).toEqual(['Barbara']);
    expect(await search(`q=list.example&agentId=${fixture.otherAgentId}`)).toEqual([
      'Other, "quoted"',
    ]);
    expectError(await fixture.call('GET', '/api/contacts?limit=0'), 400, 'INVALID_REQUEST');
    expectError(await fixture.call('GET', '/api/contacts?cursor=nope'), 400, 'INVALID_REQUEST');
  });

  it('pages with a cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `q=list.example&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await fixture.call('GET', `/api/contacts?${query}`);
      expect(page.status).toBe(200);
      expect(page.body.contacts.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.contacts.map((contact: { id: string }) => contact.id));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    const all = (await fixture.call('GET', '/api/contacts?q=list.example')).body.contacts;
    expect(seen).toEqual(all.map((contact: { id: string }) => contact.id));
    expect(new Set(seen).size).toBe(6);
  });

  it('exports every match as CSV, escaped and guarded against formulas', async () => {
    const response = await fetch(`${fixture.service.url}/api/contacts?format=csv&q=list.example`, {
      headers: { authorization: `Bearer ${fixture.apiKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="contacts-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe(
      'id,agent_id,visitor_id,conversation_id,email,name,phone,consent_text,created_at,updated_at',
    );
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe('');
    expect(lines[1]).toContain(`,list-other,,'=cmd|x@list.example,"Other, ""quoted""",,`);
  });

  it("never lists another organization's contacts", async () => {
    const { apiKey } = await fixture.service.createOrganization('Stranger');
    const stranger = createApiClient(fixture.service.url, apiKey);
    const listed = await stranger('GET', '/api/contacts');
    expect(listed.body).toEqual({ contacts: [], nextCursor: null });
    const someone = (await fixture.call('GET', '/api/contacts?q=grace')).body.contacts[0];
    expectError(await stranger('DELETE', `/api/contacts/${someone.id}`), 404, 'NOT_FOUND');
    expectError(
      await stranger('POST', `/api/agents/${fixture.agentId}/contacts`, {
        visitorId: 'v',
        email: 'a@b.io',
      }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('a conversation erased on its own', () => {
  it("leaves the visitor's contact, without the link to it", async () => {
    await setCapture(CAPTURE);
    const answer = await ask('refunds', 'unlinked');
    const contact = await submit({
      visitorId: 'unlinked',
      conversationId: answer.conversationId,
      email: 'unlinked@example.com',
    });
    expect(contact.body.conversationId).toBe(answer.conversationId);
    expect(
      (await fixture.call('DELETE', `/api/conversations/${answer.conversationId}`)).status,
    ).toBe(200);
    const listed = await fixture.call('GET', '/api/contacts?q=unlinked%40example.com');
    expect(listed.body.contacts).toEqual([{ ...contact.body, conversationId: null }]);
  });
});

describe('DELETE /api/contacts/{id}', () => {
  it("erases the contact and the visitor's conversations with that agent, messages too", async () => {
    await setCapture(CAPTURE);
    const first = await ask('refunds', 'erased');
    const second = await ask('embed the widget', 'erased');
    const otherAgent = await ask('refunds', 'erased', fixture.otherAgentId);
    const someoneElse = await ask('refunds', 'kept');
    const contact = (await submit({ visitorId: 'erased', email: 'erase@example.com' })).body;

    const erased = await fixture.call('DELETE', `/api/contacts/${contact.id}`);
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ deleted: true, conversationsDeleted: 2 });
    for (const id of [first.conversationId, second.conversationId]) {
      expectError(await fixture.call('GET', `/api/conversations/${id}`), 404, 'NOT_FOUND');
      expect(await countRows('SELECT 1 FROM messages WHERE conversation_id = $1', [id])).toBe(0);
    }
    for (const id of [otherAgent.conversationId, someoneElse.conversationId]) {
      expect((await fixture.call('GET', `/api/conversations/${id}`)).status).toBe(200);
    }
    expect(await countRows('SELECT 1 FROM contacts WHERE id = $1', [contact.id])).toBe(0);
    expectError(await fixture.call('DELETE', `/api/contacts/${contact.id}`), 404, 'NOT_FOUND');
  });
});

describe('the contact offer', () => {
  beforeAll(async () => {
    await setCapture(CAPTURE);
  });

  it('comes with a decline (no_answer), not with an answer, and not once the visitor left a contact', async () => {
    const found = await ask('How are refunds processed?', 'offered');
    expect(found.sources.length).toBeGreaterThan(0);
    expect(found.contactCapture).toBeUndefined();
    const declined = await ask(UNKNOWN, 'offered');
    expect(declined.sources).toEqual([]);
    expect(declined.contactCapture).toEqual({ reason: 'no_answer', ...OFFER_FIELDS });

    const streamed = await fixture.query({ query: UNKNOWN, visitorId: 'offered', streaming: true });
    const result = await readQueryStream(streamed.body as ReadableStream<Uint8Array>);
    expect(result.contactCapture).toEqual({ reason: 'no_answer', ...OFFER_FIELDS });

    await submit({ visitorId: 'offered', email: 'offered@example.com' });
    expect((await ask(UNKNOWN, 'offered')).contactCapture).toBeUndefined();
  });

  it('follows the triggers: none without no_answer, none when disabled', async () => {
    await setCapture({ ...CAPTURE, triggers: ['handoff'] });
    expect((await ask(UNKNOWN, 'triggers')).contactCapture).toBeUndefined();
    await setCapture({ ...CAPTURE, enabled: false });
    expect((await ask(UNKNOWN, 'triggers')).contactCapture).toBeUndefined();
    await setCapture(CAPTURE);
  });

  it('comes with a handoff, and with answers in a conversation in handoff', async () => {
    const answer = await ask('refunds', 'handoff-visitor');
    const handoff = await fixture.call(
      'POST',
      `/api/conversations/${answer.conversationId}/handoff`,
      { agentId: fixture.agentId, visitorId: 'handoff-visitor' },
    );
    expect(handoff.status).toBe(200);
    expect(handoff.body).toMatchObject({
      status: 'handoff',
      contactCapture: { reason: 'handoff', ...OFFER_FIELDS },
    });
    const waiting = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'refunds',
      visitorId: 'handoff-visitor',
      conversationId: answer.conversationId,
    });
    expect(waiting.body).toMatchObject({
      status: 'handoff',
      contactCapture: { reason: 'handoff', ...OFFER_FIELDS },
    });

    await setCapture({ ...CAPTURE, triggers: ['no_answer'] });
    const withoutTrigger = await fixture.call(
      'POST',
      `/api/conversations/${answer.conversationId}/handoff`,
      { agentId: fixture.agentId, visitorId: 'handoff-visitor' },
    );
    expect(withoutTrigger.body.contactCapture).toBeUndefined();
    await setCapture(CAPTURE);
  });
});

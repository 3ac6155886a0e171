import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredConversations } from '../conversations/index.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { expectError } from '../testing/two-organizations.js';

let fixture: ConversationFixture;

async function ask(query: string, visitorId: string, agentId = fixture.agentId) {
  const response = await fixture.call('POST', `/api/agents/${agentId}/query`, {
    query,
    visitorId,
  });
  expect(response.status).toBe(200);
  return response.body as { conversationId: string; contactCapture?: unknown };
}

const identify = (body: Record<string, unknown>, agentId = fixture.agentId) =>
  fixture.call('POST', `/api/agents/${agentId}/identified-visitors`, body);

const userConversations = (visitorId: string, agentId = fixture.agentId) =>
  fixture.call('POST', `/api/agents/${agentId}/user-conversations`, { visitorId });

const rows = (sql: string, params: unknown[] = []) =>
  fixture.service.database.query<Record<string, unknown>>(sql, params);

beforeAll(async () => {
  fixture = await startConversationFixture();
});

afterAll(async () => {
  await fixture.service.close();
});

describe('signed-in users', () => {
  it('records the user, merges only the anonymous visitor’s own conversations, and lists them for the user', async () => {
    const mine = await ask('How are refunds processed?', 'anon-ada');
    const someoneElses = await ask('How do I embed the widget?', 'anon-bob');
    const identified = await identify({
      visitorId: 'u-ada',
      userId: 'ada@example.com',
      name: 'Ada',
      email: 'ada@example.com',
      attributes: { plan: 'pro', company: 'Acme' },
      merge: {
        visitorId: 'anon-ada',
        conversationIds: [mine.conversationId, someoneElses.conversationId],
      },
    });
    expect(identified.status).toBe(200);
    expect(identified.body).toEqual({ mergedConversationIds: [mine.conversationId] });
    const listed = await userConversations('u-ada');
    expect(listed.body.conversations.map((item: { id: string }) => item.id)).toEqual([
      mine.conversationId,
    ]);
    expect((await userConversations('anon-bob')).body.conversations).toHaveLength(1);
    const known = await rows('SELECT user_id, name, email, attributes FROM identified_visitors');
    expect(known).toEqual([
      {
        user_id: 'ada@example.com',
        name: 'Ada',
        email: 'ada@example.com',
        attributes: { plan: 'pro', company: 'Acme' },
      },
    ]);
    // The email is the visitor's contact: replies go there, no form is offered.
    const contacts = await rows('SELECT visitor_id, email FROM contacts');
    expect(contacts).toEqual([{ visitor_id: 'u-ada', email: 'ada@example.com' }]);
  });

  it('keeps what a later sign-in leaves out, for the same user only', async () => {
    const known = (visitorId: string) =>
      rows(
        'SELECT user_id, name, email, attributes FROM identified_visitors WHERE visitor_id = $1',
        [visitorId],
      );
    const first = { visitorId: 'u-cy', userId: 'cy', name: 'Cy', email: 'cy@example.com' };
    expect((await identify({ ...first, attributes: { plan: 'pro' } })).status).toBe(200);
    // The next page view signs in with the id alone (data-user-id): nothing is wiped.
    expect((await identify({ visitorId: 'u-cy', userId: 'cy' })).status).toBe(200);
    expect(await known('u-cy')).toEqual([
      { user_id: 'cy', name: 'Cy', email: 'cy@example.com', attributes: { plan: 'pro' } },
    ]);
    // What it gives replaces what was known, attributes as a whole.
    expect((await identify({ visitorId: 'u-cy', userId: 'cy', attributes: {} })).status).toBe(200);
    expect((await known('u-cy'))[0]?.attributes).toEqual({});
    // Another user on that visitor id inherits nothing of the first.
    expect((await identify({ visitorId: 'u-cy', userId: 'dee' })).status).toBe(200);
    expect(await known('u-cy')).toEqual([
      { user_id: 'dee', name: null, email: null, attributes: {} },
    ]);
    // The tests below count every user and contact: this one's go.
    await rows("DELETE FROM identified_visitors WHERE visitor_id = 'u-cy'");
    await rows("DELETE FROM contacts WHERE visitor_id = 'u-cy'");
  });

  it('refuses attributes over the limits with 400', async () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, 'v']));
    expectError(
      await identify({ visitorId: 'u-x', userId: 'x', attributes: many }),
      400,
      'INVALID_REQUEST',
      /at most 20 keys/,
    );
    expectError(
      await identify({ visitorId: 'u-x', userId: 'x', attributes: { plan: 'a\u0007b' } }),
      400,
      'INVALID_REQUEST',
      /control characters/,
    );
    expectError(
      await identify({ visitorId: 'u-x', userId: 'x', attributes: { plan: 'p'.repeat(201) } }),
      400,
      'INVALID_REQUEST',
      /at most 200 characters/,
    );
  });

  it('DELETE /api/users/{userId} erases the user’s conversations and contact, and nobody else’s', async () => {
    const erased = await fixture.call(
      'DELETE',
      `/api/users/${encodeURIComponent('ada@example.com')}`,
    );
    expect(erased.status).toBe(200);
    expect(erased.body).toEqual({ deleted: true, conversationsDeleted: 1, contactsDeleted: 1 });
    expect(await rows('SELECT 1 FROM identified_visitors')).toHaveLength(0);
    expect((await userConversations('u-ada')).body.conversations).toHaveLength(0);
    expect((await userConversations('anon-bob')).body.conversations).toHaveLength(1);
    const again = await fixture.call(
      'DELETE',
      `/api/users/${encodeURIComponent('ada@example.com')}`,
    );
    expect(again.body).toEqual({ deleted: true, conversationsDeleted: 0, contactsDeleted: 0 });
  });

  it('retention forgets a user whose conversations expired', async () => {
    await ask('How are refunds processed?', 'u-old');
    expect((await identify({ visitorId: 'u-old', userId: 'old' })).status).toBe(200);
    await deleteExpiredConversations(fixture.service.database, 1, Date.now() + 3 * 86_400_000);
    expect(await rows('SELECT 1 FROM identified_visitors')).toHaveLength(0);
  });
});

import { createHmac } from 'node:crypto';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import type {
  ApiErrorBody,
  ConversationDetail,
  ConversationListResponse,
  IdentifyResponse,
  PastConversationsResponse,
  SearchResponse,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { createUserIdentity } from '../identity/index.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { postQuery } from '../testing/query-client.js';

const visitorSecret = 'identify-route-visitor-secret-0123456789';
const identitySecret = 'identify-route-identity-secret-0123456789';
const adminToken = 'admin-token-identify-route';
const sign = (userId: string, secret = identitySecret) =>
  createHmac('sha256', secret).update(userId).digest('hex');

/** The hash with its last hex digit changed. */
const flipLast = (hash: string) => hash.slice(0, -1) + (hash.endsWith('0') ? '1' : '0');

let service: RunningAgentService;
let apiKey: string;
/** Two replicas sharing the secrets, as behind a load balancer. */
let first: BffHarness;
let second: BffHarness;
/** One refusing anonymous visitors for the demo agent (its policy). */
let loginOnly: BffHarness;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  apiKey = (await service.seedDemo()).apiKey;
  const options = {
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    allowedAgents: ['demo'],
    adminToken,
    visitorSecret,
    identitySecret,
  };
  first = await startBff(options);
  second = await startBff(options);
  loginOnly = await startBff({ ...options, agentPolicies: { demo: { identityRequired: true } } });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close(), loginOnly?.close()]);
  await service?.close();
});

const post = (bff: BffHarness, route: string, body: unknown) =>
  fetch(`${bff.url}/api/agents/demo/${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function ask(bff: BffHarness, body: Record<string, unknown>) {
  const response = await postQuery(bff.url, 'demo', {
    query: 'How do I embed the widget?',
    ...body,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { visitorId: string; conversationId: string };
}

async function errorOf(response: Response) {
  return { status: response.status, code: ((await response.json()) as ApiErrorBody).error.code };
}

describe('signed-in users through the BFF', () => {
  it('merges the anonymous conversation on identify; another replica and another device list it', async () => {
    const anonymous = await ask(first, {});
    const identified = await post(first, 'identify', {
      userId: 'user-42',
      userHash: sign('user-42'),
      name: 'Ada',
      email: 'ada@example.com',
      attributes: { plan: 'pro' },
      visitorId: anonymous.visitorId,
      conversationIds: [anonymous.conversationId],
    });
    expect(identified.status).toBe(200);
    const user = (await identified.json()) as IdentifyResponse;
    expect(user.visitorId).not.toBe(anonymous.visitorId);
    expect(user.conversationIds).toHaveLength(1);
    const merged = user.conversationIds[0] as string;
    // The user continues the merged conversation with the token they got.
    const next = await ask(first, { visitorId: user.visitorId, conversationId: merged });
    expect(next.conversationId).toBe(merged);
    // The anonymous token no longer owns it: the conversation is the user's.
    const listedAnonymously = await post(first, 'conversations', {
      visitorId: anonymous.visitorId,
      conversationIds: [anonymous.conversationId],
    });
    expect(((await listedAnonymously.json()) as PastConversationsResponse).conversations).toEqual(
      [],
    );

    // Another device, through the other replica: same user, nothing kept locally.
    const phone = await post(second, 'identify', { userId: 'user-42', userHash: sign('user-42') });
    expect(phone.status).toBe(200);
    const phoneUser = (await phone.json()) as IdentifyResponse;
    expect(phoneUser.conversationIds).toEqual([]);
    const listed = await post(second, 'conversations', {
      visitorId: phoneUser.visitorId,
      conversationIds: [],
    });
    const past = (await listed.json()) as PastConversationsResponse;
    expect(past.conversations.map((item) => item.conversationId)).toEqual([merged]);
    // And the first replica accepts the second's token.
    expect(
      (await ask(first, { visitorId: phoneUser.visitorId, conversationId: merged })).conversationId,
    ).toBe(merged);
  });

  it('the console’s list, through the admin relay, shows the user and the widget channel, and filters by them', async () => {
    const signedIn = (await (
      await post(first, 'identify', {
        userId: 'user-43',
        userHash: sign('user-43'),
        name: 'Grace',
        email: 'grace@example.com',
        attributes: { plan: 'enterprise', company: 'Navy' },
      })
    ).json()) as IdentifyResponse;
    await ask(first, { visitorId: signedIn.visitorId });
    const admin = (search: string) =>
      fetch(`${first.url}/api/conversations${search}`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
    const listed = async (search: string) => {
      const response = await admin(search);
      expect(response.status).toBe(200);
      return ((await response.json()) as ConversationListResponse).conversations;
    };
    const byAttribute = await listed('?channel=widget&attribute=plan:enterprise');
    expect(byAttribute).toHaveLength(1);
    expect(byAttribute[0]).toMatchObject({
      channel: 'widget',
      user: {
        userId: 'user-43',
        name: 'Grace',
        email: 'grace@example.com',
        attributes: { plan: 'enterprise', company: 'Navy' },
      },
    });
    expect(await listed('?user=grace%40example.com')).toHaveLength(1);
    expect(await listed('?channel=api')).toEqual([]);
    expect(await listed('?attribute=plan:free')).toEqual([]);
    expect((await admin('?channel=fax')).status).toBe(400);
    // The transcript the console opens carries them too.
    const detail = await admin(`/${byAttribute[0]?.id}`);
    expect(((await detail.json()) as ConversationDetail).user?.attributes).toEqual({
      plan: 'enterprise',
      company: 'Navy',
    });
  });

  it('refuses a wrong hash, a hash of another user id, and another secret with 401 IDENTITY_INVALID', async () => {
    const anonymous = await ask(first, {});
    for (const userHash of [
      sign('user-43'),
      sign('user-42', 'another-secret-of-at-least-32-bytes!!'),
      '0'.repeat(64),
      flipLast(sign('user-42')),
    ]) {
      const refused = await post(first, 'identify', {
        userId: 'user-42',
        userHash,
        visitorId: anonymous.visitorId,
        conversationIds: [anonymous.conversationId],
      });
      expect(await errorOf(refused)).toEqual({ status: 401, code: 'IDENTITY_INVALID' });
    }
    // A hash in capitals is the same hash.
    const upper = await post(first, 'identify', {
      userId: 'user-42',
      userHash: sign('user-42').toUpperCase(),
    });
    expect(upper.status).toBe(200);
  });

  it('never merges another visitor’s conversation', async () => {
    const mallory = await ask(first, {});
    const victim = await ask(first, {});
    const identified = await post(first, 'identify', {
      userId: 'mallory',
      userHash: sign('mallory'),
      visitorId: mallory.visitorId,
      conversationIds: [victim.conversationId],
    });
    expect(((await identified.json()) as IdentifyResponse).conversationIds).toEqual([]);
    const victimStill = await ask(first, {
      visitorId: victim.visitorId,
      conversationId: victim.conversationId,
    });
    expect(victimStill.conversationId).toBe(victim.conversationId);
  });

  it('refuses attributes over the limits, and malformed hashes, with 400', async () => {
    const base = { userId: 'user-42', userHash: sign('user-42') };
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, 'v']));
    for (const body of [
      { ...base, attributes: many },
      { ...base, attributes: { plan: 'x'.repeat(201) } },
      { ...base, attributes: { plan: 'pro\u001b[31m' } },
      { ...base, attributes: { plan: 3 } },
      { ...base, userHash: 'not-hex' },
      { userId: 'a\u0000b', userHash: sign('a\u0000b') },
    ]) {
      expect(await errorOf(await post(first, 'identify', body))).toEqual({
        status: 400,
        code: 'INVALID_REQUEST',
      });
    }
  });

  it('IDENTITY_REQUIRED refuses anonymous visitors and serves signed-in users', async () => {
    expect(await errorOf(await postQuery(loginOnly.url, 'demo', { query: 'Hello?' }))).toEqual({
      status: 401,
      code: 'IDENTITY_REQUIRED',
    });
    const anonymous = await ask(first, {});
    const conversations = await post(loginOnly, 'conversations', {
      visitorId: anonymous.visitorId,
      conversationIds: [],
    });
    expect(await errorOf(conversations)).toEqual({ status: 401, code: 'IDENTITY_REQUIRED' });
    const user = (await (
      await post(loginOnly, 'identify', { userId: 'user-7', userHash: sign('user-7') })
    ).json()) as IdentifyResponse;
    const answer = await ask(loginOnly, { visitorId: user.visitorId });
    expect(answer.conversationId).toBeTruthy();
  });

  it('IDENTITY_REQUIRED refuses anonymous searches (⌘K) with the same 401, and serves signed-in users', async () => {
    const anonymous = await ask(first, {});
    for (const body of [
      { query: 'widget' },
      { query: 'widget', visitorId: anonymous.visitorId },
      { query: 'widget', visitorId: 'forged-visitor-id' },
    ]) {
      expect(await errorOf(await post(loginOnly, 'search', body))).toEqual({
        status: 401,
        code: 'IDENTITY_REQUIRED',
      });
    }
    // The same anonymous search is served where the agent does not require a user.
    expect((await post(first, 'search', { query: 'widget' })).status).toBe(200);
    const user = (await (
      await post(loginOnly, 'identify', { userId: 'user-7', userHash: sign('user-7') })
    ).json()) as IdentifyResponse;
    const searched = await post(loginOnly, 'search', {
      query: 'widget',
      visitorId: user.visitorId,
    });
    expect(searched.status).toBe(200);
    expect(((await searched.json()) as SearchResponse).results.length).toBeGreaterThan(0);
    // What the widget may offer is no secret: the features route answers everyone.
    expect((await fetch(`${loginOnly.url}/api/agents/demo/features`)).status).toBe(200);
  });

  it('a BFF without IDENTITY_SECRET refuses identify with 401, never serving the user as anonymous', async () => {
    const plain = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      visitorSecret,
    });
    try {
      const refused = await post(plain, 'identify', {
        userId: 'user-42',
        userHash: sign('user-42'),
      });
      expect(await errorOf(refused)).toEqual({ status: 401, code: 'IDENTITY_INVALID' });
    } finally {
      await plain.close();
    }
  });

  it('the admin API erases a user by the host’s id (DELETE /api/users/{userId})', async () => {
    const userId = 'grace@example.com';
    const user = (await (
      await post(first, 'identify', { userId, userHash: sign(userId), email: userId })
    ).json()) as IdentifyResponse;
    await ask(first, { visitorId: user.visitorId });
    const erased = await fetch(`${first.url}/api/users/${encodeURIComponent(userId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({
      deleted: true,
      conversationsDeleted: 1,
      contactsDeleted: 1,
    });
    const listed = await post(first, 'conversations', {
      visitorId: user.visitorId,
      conversationIds: [],
    });
    expect(((await listed.json()) as PastConversationsResponse).conversations).toEqual([]);
  });
});

describe('user identity', () => {
  it('derives the same visitor id from the same user id and secret, another from another', () => {
    const one = createUserIdentity(identitySecret);
    const two = createUserIdentity(Buffer.from(identitySecret));
    expect(one.visitorIdOf('user-42')).toBe(two.visitorIdOf('user-42'));
    expect(one.visitorIdOf('user-42')).not.toBe(one.visitorIdOf('user-43'));
    expect(createUserIdentity('x'.repeat(32)).visitorIdOf('user-42')).not.toBe(
      one.visitorIdOf('user-42'),
    );
    expect(one.visitorIdOf('user-42')).toMatch(/^u[A-Za-z0-9_-]{22}$/);
  });

  it('compares hashes with crypto.timingSafeEqual', async () => {
    const source = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../identity/user-identity.ts', import.meta.url), 'utf8'),
    );
    expect(source).toMatch(/timingSafeEqual\(Buffer\.from\(userHash, 'hex'\), expected\)/);
    expect(source).not.toMatch(/userHash ===|=== userHash/);
  });
});

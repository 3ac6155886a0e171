import { describe, expect, it, vi } from 'vitest';
import { createConversationStore } from '../chat/index.js';
import type { PanelContext } from '../panel-contract.js';
import { createFakeFetch } from '../testing/controlled-stream.js';
import { createMemoryStorage, createStorageWindow } from '../testing/memory-storage.js';
import { type SignInContext, signIn, userFromDataset } from './sign-in.js';

const HASH = 'a'.repeat(64);
/** A BFF signature (22 base64url characters, `_` among them). */
const signature = (n: number): string => `_${n}`.padEnd(22, 'Q');
/** A signed conversation id, `<id>_<signature>`. */
const signed = (id: string, n: number): string => `${id}_${signature(n)}`;
/** A visitor token, `<visitor>_<issued>_<signature>` (a user's visitor id may hold `_`). */
const token = (visitor: string, n: number): string => `${visitor}_t${n}_${signature(n)}`;

function setup(lang = 'en', strings: Record<string, string> = {}) {
  const network = createFakeFetch();
  const window = createStorageWindow({ local: createMemoryStorage() });
  const store = createConversationStore({ agentId: 'demo', window });
  const emit = vi.fn();
  const chat = { contact: { skip: vi.fn() }, reset: vi.fn() };
  const context = {
    config: { agentId: 'demo', endpoint: 'https://bff.example', lang, strings },
    dataset: {},
    emit,
    window: { fetch: network.fetch },
  } as unknown as PanelContext;
  const deps = { context, chat, store } as unknown as SignInContext;
  return { network, store, chat, emit, deps };
}

describe('userFromDataset', () => {
  it('reads data-user-*, trimmed; nothing without data-user-id; an empty hash when it is missing', () => {
    expect(userFromDataset({})).toBeUndefined();
    expect(
      userFromDataset({
        userId: ' 42 ',
        userHash: HASH,
        userName: 'Ada',
        userEmail: 'ada@example.com',
      }),
    ).toEqual({ userId: '42', userHash: HASH, name: 'Ada', email: 'ada@example.com' });
    expect(userFromDataset({ userId: '42', userName: ' ' })).toEqual({
      userId: '42',
      userHash: '',
    });
  });
});

describe('signIn (the identity chunk)', () => {
  it("sends the user and the anonymous visitor's conversations, and holds the merged ones", async () => {
    const { network, store, chat, deps } = setup();
    store.savePastIds([signed('c2', 2), signed('c1', 1)]);
    const user = {
      userId: '42',
      userHash: HASH,
      email: 'ada@example.com',
      attributes: { plan: 'pro' },
    };
    const signing = signIn(
      { visitorId: token('v1', 1), conversationId: signed('c1', 1) },
      user,
      deps,
    );
    const request = await network.next();
    expect(request.url).toBe('https://bff.example/api/agents/demo/identify');
    expect(request.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(request.body).toEqual({
      ...user,
      visitorId: token('v1', 1),
      conversationIds: [signed('c1', 1), signed('c2', 2)],
    });
    expect(chat.contact.skip).toHaveBeenCalled();
    request.json(200, {
      visitorId: token('u_A', 3),
      conversationIds: [signed('c1', 5), signed('c2', 6)],
    });
    expect(await signing).toEqual({ visitorId: token('u_A', 3), conversationId: signed('c1', 5) });
    expect(store.pastIds()).toEqual([signed('c2', 6), signed('c1', 5)]);
    expect(chat.reset).not.toHaveBeenCalled();
  });

  it("keeps the same user's conversation, and drops another user's left in this browser", async () => {
    const same = setup();
    const again = signIn(
      { visitorId: token('u_A', 1), conversationId: signed('c1', 7) },
      { userId: '42', userHash: HASH },
      same.deps,
    );
    (await same.network.next()).json(200, { visitorId: token('u_A', 2), conversationIds: [] });
    expect(await again).toEqual({ visitorId: token('u_A', 2), conversationId: signed('c1', 7) });

    const other = setup();
    other.store.savePastIds([signed('c1', 8)]);
    const switching = signIn(
      { visitorId: token('u_B', 1), conversationId: signed('c1', 8) },
      { userId: '42', userHash: HASH },
      other.deps,
    );
    (await other.network.next()).json(200, { visitorId: token('u_A', 2), conversationIds: [] });
    expect(await switching).toEqual({ visitorId: token('u_A', 2), conversationId: undefined });
    expect(other.chat.reset).toHaveBeenCalled();
    expect(other.store.pastIds()).toEqual([]);
  });

  it("rejects a refused user with a sentence for the visitor (in the page's language), logs the server's and emits an error", async () => {
    const { network, emit, deps } = setup('de-AT');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const signing = signIn({}, { userId: '42', userHash: HASH }, deps);
    (await network.next()).json(401, {
      error: {
        code: 'IDENTITY_INVALID',
        message: 'userHash is not HMAC-SHA256(IDENTITY_SECRET, userId)',
      },
    });
    await expect(signing).rejects.toMatchObject({
      code: 'IDENTITY_INVALID',
      status: 401,
      message: expect.stringContaining('Dieser Chat konnte nicht bestätigen'),
    });
    expect(errors.mock.calls[0]?.[0]).toContain('userHash is not HMAC-SHA256');
    expect(emit).toHaveBeenCalledWith(
      'error',
      expect.objectContaining({ code: 'IDENTITY_INVALID' }),
    );
    errors.mockRestore();
  });

  it('takes the page’s data-strings override of its sentence; other failures keep theirs', async () => {
    const { network, deps } = setup('en', { identityFailed: 'Please sign in again.' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = signIn({}, { userId: '42', userHash: HASH }, deps);
    (await network.next()).json(401, { error: { code: 'IDENTITY_INVALID', message: 'x' } });
    await expect(refused).rejects.toMatchObject({ message: 'Please sign in again.' });
    const invalid = signIn({}, { userId: '42', userHash: '' }, deps);
    (await network.next()).json(400, {
      error: { code: 'INVALID_REQUEST', message: 'userHash must be…' },
    });
    await expect(invalid).rejects.toMatchObject({ code: 'INVALID_REQUEST', status: 400 });
    vi.restoreAllMocks();
  });
});

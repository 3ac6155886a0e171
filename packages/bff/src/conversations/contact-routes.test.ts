import {
  type ApiErrorBody,
  type ContactOffer,
  type ContactResponse,
  DEFAULT_CONTACT_CAPTURE,
  ERROR_CODES,
  readQueryStream,
  type SseDialect,
} from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { startBff } from '../testing/bff-harness.js';
import { startFaultUpstream } from '../testing/fault-upstream.js';
import { newVisitor, postQuery, visitorIdOfToken } from '../testing/query-client.js';

const OFFER: ContactOffer = {
  reason: 'no_answer',
  fields: { name: 'optional', phone: 'off' },
  consentText: 'We reply by mail — «merci» 🌍\nand keep it 30 days.',
};

type Answer = { visitorId: string; conversationId: string };

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(((await response.json()) as ApiErrorBody).error.code).toBe(code);
}

async function start(dialect: SseDialect, rateLimit = { perIp: 100, perVisitor: 100 }) {
  // An upstream that checks no owner: every refusal here is the BFF's own.
  const upstream = await startFaultUpstream({ dialect, finalFields: { contactCapture: OFFER } });
  const harness = await startBff({
    upstreamUrl: upstream.url,
    upstreamDialect: dialect,
    allowedAgents: ['answer'],
    rateLimit: { ...rateLimit, windowMs: 60_000 },
  });
  const post = (route: string, body: unknown) =>
    fetch(`${harness.url}/api/agents/answer/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
    });
  return {
    upstream,
    harness,
    post,
    async close() {
      await harness.close();
      await upstream.close();
    },
  };
}

describe('POST /api/agents/{id}/contact', () => {
  let bff: Awaited<ReturnType<typeof start>>;
  let alice: Answer;
  let mallory: Answer;
  beforeAll(async () => {
    bff = await start('chaindesk');
    alice = (await newVisitor(bff.harness.url, 'answer')) as Answer;
    mallory = (await newVisitor(bff.harness.url, 'answer')) as Answer;
  });
  afterAll(async () => {
    await bff.close();
  });

  /** Runs `attempt` and checks it is refused with this status, never reaching the upstream. */
  async function expectRefused(attempt: Promise<Response>, status: number, code: string) {
    const before = bff.upstream.requests.length;
    await expectError(await attempt, status, code);
    expect(bff.upstream.requests.length).toBe(before);
  }

  it("relays the contact with the signed visitor's own ids, and answers what will be used", async () => {
    const response = await bff.post('contact', {
      visitorId: alice.visitorId,
      conversationId: alice.conversationId,
      email: ' alice@example.com ',
      name: 'Alice',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      email: 'alice@example.com',
      name: 'Alice',
      phone: null,
    } satisfies ContactResponse);
    const sent = bff.upstream.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/api/agents/answer/contacts');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      visitorId: visitorIdOfToken(alice.visitorId),
      conversationId: 'conversation-1',
      email: 'alice@example.com',
      name: 'Alice',
    });
    const before = bff.upstream.conversations.contacts.length;
    expect(
      (await bff.post('contact', { visitorId: alice.visitorId, email: 'a@b.io' })).status,
    ).toBe(200);
    expect(bff.upstream.conversations.contacts.slice(before)).toEqual([
      { visitorId: visitorIdOfToken(alice.visitorId), email: 'a@b.io' },
    ]);
  });

  it('refuses a forged visitor, or a conversation not signed to the visitor, before the upstream', async () => {
    await expectRefused(
      bff.post('contact', { visitorId: visitorIdOfToken(alice.visitorId), email: 'a@b.io' }),
      404,
      ERROR_CODES.notFound,
    );
    await expectRefused(
      bff.post('contact', {
        visitorId: mallory.visitorId,
        conversationId: alice.conversationId,
        email: 'm@b.io',
      }),
      404,
      ERROR_CODES.notFound,
    );
    await expectRefused(
      bff.post('contact', {
        visitorId: alice.visitorId,
        conversationId: 'conversation-1',
        email: 'a@b.io',
      }),
      404,
      ERROR_CODES.notFound,
    );
  });

  it.each([
    { email: 'not-an-email' },
    { email: `${'a'.repeat(250)}@x.io` },
    { email: 'a@b.io', name: 'Al\u0007ice' },
    { email: 'a@b.io', phone: 'call me' },
    { email: 'a@b.io', consentText: 'forged' },
  ])('answers 400 to %j before the upstream', async (fields) => {
    await expectRefused(
      bff.post('contact', { visitorId: alice.visitorId, ...fields }),
      400,
      ERROR_CODES.invalidRequest,
    );
  });
});

describe('the per-visitor limit of the contact route', () => {
  it('answers 429 once a visitor sent too many', async () => {
    const bff = await start('chaindesk', { perIp: 100, perVisitor: 2 });
    try {
      const alice = (await newVisitor(bff.harness.url, 'answer')) as Answer;
      const send = () => bff.post('contact', { visitorId: alice.visitorId, email: 'a@b.io' });
      expect((await send()).status).toBe(200);
      // The second or the third: the visitor's query may have counted (the limits are shared).
      const second = await send();
      await expectError(
        second.status === 429 ? second : await send(),
        429,
        ERROR_CODES.rateLimited,
      );
    } finally {
      await bff.close();
    }
  });
});

describe('GET /api/agents/{id}/contact-capture', () => {
  it('is off for a Chaindesk upstream, without asking it, and cacheable', async () => {
    const bff = await start('chaindesk');
    try {
      const before = bff.upstream.requests.length;
      const response = await fetch(`${bff.harness.url}/api/agents/answer/contact-capture`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
      expect(response.headers.get('vary')).toBe('Origin');
      expect(await response.json()).toEqual(DEFAULT_CONTACT_CAPTURE);
      expect(bff.upstream.requests.length).toBe(before);
      await expectError(
        await fetch(`${bff.harness.url}/api/agents/elsewhere/contact-capture`),
        404,
        ERROR_CODES.notFound,
      );
    } finally {
      await bff.close();
    }
  });

  it('maps an upstream that cannot be reached, never relaying its failure raw', async () => {
    const unreachable = await startBff({ upstreamUrl: 'http://127.0.0.1:9', allowedAgents: ['a'] });
    try {
      const response = await fetch(`${unreachable.url}/api/agents/a/contact-capture`);
      await expectError(response, 502, ERROR_CODES.upstreamError);
    } finally {
      await unreachable.close();
    }
  });
});

describe.each(['spec', 'chaindesk'] as const)(
  'the contact offer through the %s dialect',
  (dialect) => {
    let bff: Awaited<ReturnType<typeof start>>;
    beforeAll(async () => {
      bff = await start(dialect);
    });
    afterAll(async () => {
      await bff.close();
    });

    it('passes QueryResponse.contactCapture through, as JSON and at the end of a stream', async () => {
      const json = await postQuery(bff.harness.url, 'answer', { query: 'hello' });
      expect(((await json.json()) as { contactCapture: unknown }).contactCapture).toEqual(OFFER);
      const stream = await postQuery(bff.harness.url, 'answer', { query: 'hi', streaming: true });
      expect(stream.status).toBe(200);
      const result = await readQueryStream(stream.body as ReadableStream<Uint8Array>);
      expect(result.contactCapture).toEqual(OFFER);
    });

    it('passes HandoffResponse.contactCapture through, and only a well-formed one', async () => {
      const alice = (await newVisitor(bff.harness.url, 'answer')) as Answer;
      const owned = { visitorId: alice.visitorId, conversationId: alice.conversationId };
      const offer = { ...OFFER, reason: 'handoff' };
      bff.upstream.conversations.handoffOffer = offer;
      expect(await (await bff.post('handoff', owned)).json()).toEqual({
        status: 'handoff',
        contactCapture: offer,
      });
      bff.upstream.conversations.handoffOffer = { reason: 'whenever', fields: {} };
      expect(await (await bff.post('handoff', owned)).json()).toEqual({ status: 'handoff' });
    });
  },
);

import { readQueryStream } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';
import { expectError } from '../testing/two-organizations.js';

let service: RunningAgentService;
let aliceKey: string;
let alice: ReturnType<typeof createApiClient>;
let agentId: string;
let faqStore: string;
let policyStore: string;
let unattachedStore: string;
let bobStore: string;

beforeAll(async () => {
  service = await startAgentService({ database: await createTestDatabase(), port: 0 });
  ({ apiKey: aliceKey } = await service.createOrganization('Alice'));
  alice = createApiClient(service.url, aliceKey);
  const bob = createApiClient(service.url, (await service.createOrganization('Bob')).apiKey);
  const store = async (name: string, text: string) => {
    const id = (await alice('POST', '/api/datastores', { name })).body.id as string;
    await alice('POST', `/api/datastores/upsert/${id}`, {
      documents: [{ name: `${name}.md`, text }],
    });
    return id;
  };
  faqStore = await store('faq', '# Returns FAQ\n\nReturns are free within 30 days.');
  policyStore = await store('policy', '# Returns policy\n\nReturns of opened items cost a fee.');
  unattachedStore = await store('secret', '# Returns\n\nInternal notes about returns.');
  bobStore = (await bob('POST', '/api/datastores', { name: 'Bob' })).body.id;
  agentId = (
    await alice('POST', '/api/agents', { name: 'Shop', datastoreIds: [faqStore, policyStore] })
  ).body.id;
});

afterAll(async () => {
  await service.close();
});

const ask = (filters: unknown, extra: Record<string, unknown> = {}) =>
  alice('POST', `/api/agents/${agentId}/query`, { query: 'returns', filters, ...extra });
const searched = (response: { body: { sources: { datasource_name: string }[] } }) =>
  response.body.sources.map((source) => source.datasource_name).sort();

describe('filters.datastore_ids on an agent query (Chaindesk’s filter)', () => {
  it('limits retrieval to the named datastores of the agent', async () => {
    expect(searched(await ask(undefined))).toEqual(['faq.md', 'policy.md']);
    expect(searched(await ask({ datastore_ids: [faqStore] }))).toEqual(['faq.md']);
    expect(searched(await ask({ datastore_ids: [policyStore] }))).toEqual(['policy.md']);
    expect(searched(await ask({ datastore_ids: [] }))).toEqual(['faq.md', 'policy.md']);
  });

  it('refuses a datastore the agent does not have with 403, before anything is stored', async () => {
    for (const other of [unattachedStore, bobStore, 'no-such-store']) {
      expectError(
        await ask({ datastore_ids: [faqStore, other] }),
        403,
        'FORBIDDEN',
        new RegExp(`datastore "${other}"`),
      );
    }
    // Streaming too: refused with a JSON 403 before any event, and no conversation is stored.
    const stream = await fetch(`${service.url}/api/agents/${agentId}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'returns',
        streaming: true,
        conversationId: 'refused-conversation',
        filters: { datastore_ids: [unattachedStore] },
      }),
    });
    expect(stream.status).toBe(403);
    expect(stream.headers.get('content-type')).toMatch(/json/);
    expectError(await alice('GET', '/api/conversations/refused-conversation'), 404, 'NOT_FOUND');
  });

  it('combines with datasource filters and streams like any query', async () => {
    const response = await fetch(`${service.url}/api/agents/${agentId}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'returns',
        streaming: true,
        filters: { datastore_ids: [policyStore] },
      }),
    });
    const result = await readQueryStream(response.body as ReadableStream<Uint8Array>);
    expect(result.sources.map((source) => source.datasource_name)).toEqual(['policy.md']);
  });
});

import type { DatastoreQueryResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let setup: TwoOrganizations;
let datastoreId: string;
let otherDatastoreId: string;
let ids: string[];

const documents = [
  {
    name: 'refunds.md',
    text: '# Policies\n\n## Refunds {#refunds}\n\nRefunds are paid back within five business days of the return.',
    metadata: { custom_id: 'policy-refunds', source_url: 'https://docs.example/policies' },
  },
  { name: 'shipping.txt', text: 'Parcels ship within two days. Returns are free for refunds.' },
  ...Array.from({ length: 6 }, (_, index) => ({
    name: `note-${index}.txt`,
    text: `Note ${index}: a refund of an order number ${index} is tracked in the ledger.`,
  })),
];

beforeAll(async () => {
  setup = await startTwoOrganizations();
  const { alice } = setup;
  datastoreId = (await alice('POST', '/api/datastores', { name: 'Policies' })).body.id;
  ids = (await alice('POST', `/api/datastores/upsert/${datastoreId}`, { documents })).body.ids;
  otherDatastoreId = (await alice('POST', '/api/datastores', { name: 'Elsewhere' })).body.id;
  await alice('POST', `/api/datastores/upsert/${otherDatastoreId}`, {
    documents: [
      { name: 'other.txt', text: 'Refunds in the other datastore are paid in vouchers.' },
    ],
  });
});

afterAll(async () => {
  await setup.service.close();
});

const search = (body: unknown, id = datastoreId) =>
  setup.alice('POST', `/api/datastores/${id}/query`, body);

describe('POST /api/datastores/:id/query (the hosted service’s search, LangChain’s retriever)', () => {
  it('answers LangChain’s {query, topK} with {results: [{text, score, source, …}]}, best first', async () => {
    const response = await search({ query: 'How are refunds paid back?', topK: 3 });
    expect(response.status).toBe(200);
    const { results } = response.body as DatastoreQueryResponse;
    expect(results).toHaveLength(3);
    const [best] = results;
    expect(best).toEqual({
      text: expect.stringContaining('Refunds are paid back within five business days'),
      score: expect.any(Number),
      source: 'https://docs.example/policies#refunds',
      datasource_id: ids[0],
      datasource_name: 'refunds.md',
      custom_id: 'policy-refunds',
      offset: 0,
      chunk_id: expect.any(String),
      datasource_type: 'text',
      mime_type: 'text/markdown',
    });
    const scores = results.map((result) => result.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const result of results) {
      expect(result.score).toBeGreaterThan(0);
      expect(result.score).toBeLessThanOrEqual(1);
    }
    // What ChaindeskRetriever does with it: page content and the rest as metadata.
    const documentsFound = results.map(({ text, score, source, ...metadata }) => ({
      pageContent: text,
      metadata: { score, source, ...metadata },
    }));
    expect(documentsFound[0]?.metadata.source).toBe('https://docs.example/policies#refunds');
  });

  it('returns 5 fragments without topK, a source of null without a URL, only this datastore', async () => {
    const { status, body } = await search({ query: 'refund' });
    expect(status).toBe(200);
    const { results } = body as DatastoreQueryResponse;
    expect(results).toHaveLength(5);
    expect(results.every((result) => ids.includes(result.datasource_id))).toBe(true);
    const note = results.find((result) => result.datasource_name.startsWith('note-'));
    expect(note?.source).toBeNull();
    expect(note).not.toHaveProperty('custom_id');
  });

  it('narrows with filters.custom_ids and filters.datasource_ids', async () => {
    const byCustomId = await search({
      query: 'refund',
      filters: { custom_ids: ['policy-refunds'] },
    });
    expect(byCustomId.body.results.map((r: { datasource_id: string }) => r.datasource_id)).toEqual([
      ids[0],
    ]);
    const byDatasource = await search({ query: 'refund', filters: { datasource_ids: [ids[1]] } });
    expect(
      byDatasource.body.results.map((r: { datasource_name: string }) => r.datasource_name),
    ).toEqual(['shipping.txt']);
  });

  it('answers {results: []} when nothing matches', async () => {
    expect(await search({ query: 'quantum chromodynamics' })).toMatchObject({
      status: 200,
      body: { results: [] },
    });
  });

  it('accepts filters.datastore_ids naming this datastore; another is 403 as the hosted service does', async () => {
    const own = await search({
      query: 'refund',
      topK: 1,
      filters: { datastore_ids: [datastoreId] },
    });
    expect(own.status).toBe(200);
    expect(own.body.results).toHaveLength(1);
    const widened = await search({
      query: 'refund',
      filters: { datastore_ids: [datastoreId, otherDatastoreId] },
    });
    expectError(widened, 403, 'FORBIDDEN', new RegExp(`not "${otherDatastoreId}"`));
  });

  it('is 404 for another organization’s datastore and for a missing one, 401 without a key', async () => {
    expectError(
      await setup.bob('POST', `/api/datastores/${datastoreId}/query`, { query: 'refund' }),
      404,
      'NOT_FOUND',
      /Datastore/,
    );
    expectError(await search({ query: 'refund' }, 'missing'), 404, 'NOT_FOUND');
    const anonymous = await fetch(`${setup.service.url}/api/datastores/${datastoreId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query":"refund"}',
    });
    expect(anonymous.status).toBe(401);
  });

  it.each([
    [{}, /query is required/],
    [{ query: 'refund', topK: 0 }, /topK must be a positive integer/],
    [{ query: 'refund', topK: 1000 }, /topK must be at most 100/],
    [{ query: 'refund', filters: { datasource_ids: 'x' } }, /filters.datasource_ids must be/],
    [[1, 2], /must be a JSON object/],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    expectError(await search(body), 400, 'INVALID_REQUEST', message);
  });

  it('refuses malformed JSON with 400, not a crash', async () => {
    expectError(await search('{"query":'), 400, 'INVALID_REQUEST');
  });

  it('with explain: true, says for each result what each ranking stage did; without, the same results bare', async () => {
    const body = { query: 'How are refunds paid back?', topK: 3 };
    const plain = (await search(body)).body as DatastoreQueryResponse;
    const explained = (await search({ ...body, explain: true })).body as DatastoreQueryResponse;
    for (const result of plain.results) expect(result).not.toHaveProperty('explain');
    // The same results, each with its explanation added.
    expect(explained.results.map(({ explain, ...result }) => result)).toEqual(plain.results);
    explained.results.forEach((result, index) => {
      const stages = result.explain?.stages ?? [];
      expect(stages[0]).toMatchObject({ stage: 'bm25', score: expect.any(Number) });
      expect(stages.map((step) => step.stage)).toEqual(
        expect.arrayContaining(['bm25', 'sentence-rerank', 'bare-list', 'page-support']),
      );
      // A plain search runs no stage that only answering runs.
      expect(stages.map((step) => step.stage)).not.toContain('relevance-floor');
      expect(stages.at(-1)).toMatchObject({ score: result.score, rank: index + 1 });
    });
    expectError(await search({ ...body, explain: 'yes' }), 400, 'INVALID_REQUEST', /explain/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../testing/index.js';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let { service, alice } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ service, alice } = await startTwoOrganizations());
});

afterAll(async () => {
  await service.close();
});

describe('HTTP edge', () => {
  it('answers 413 for an oversize body', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Big' })).body;
    const response = await alice('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [{ name: 'big.txt', text: 'x'.repeat(70 * 1024) }],
    });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 400 for malformed JSON', async () => {
    expectError(
      await alice('POST', '/api/datastores', '{"name": '),
      400,
      'INVALID_REQUEST',
      /not valid JSON/,
    );
  });

  it('rejects NUL characters with 400 naming the field, but strips them from document text', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'NUL' })).body;
    expectError(
      await alice('POST', '/api/datastores', { name: 'a\u0000b' }),
      400,
      'INVALID_REQUEST',
      /^name must not contain NUL characters/,
    );
    const upsert = await alice('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [
        { name: 'fine.txt', text: 'Fine.' },
        { name: 'meta.txt', text: 'Meta.', metadata: { tags: ['ok', 'bad\u0000'] } },
      ],
    });
    expectError(upsert, 400, 'INVALID_REQUEST', /^documents\[1\]\.metadata\.tags\[1\] must not/);
    expect((await alice('GET', `/api/datastores/${store.id}/datasources`)).body).toEqual([]);
    const agent = (await alice('POST', '/api/agents', { name: 'N', datastoreIds: [store.id] }))
      .body;
    expectError(
      await alice('PATCH', `/api/agents/${agent.id}`, { systemPrompt: 'x\u0000' }),
      400,
      'INVALID_REQUEST',
      /systemPrompt must not contain NUL/,
    );
    expectError(
      await alice('POST', `/api/agents/${agent.id}/query`, { query: 'hello\u0000' }),
      400,
      'INVALID_REQUEST',
      /query must not contain NUL/,
    );
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'binary.txt', text: 'Narwhals\u0000 have tusks.' }],
      })
    ).body.ids;
    expect((await alice('GET', `/api/datasources/${id}`)).body.status).toBe('synched');
    const answer = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'narwhals' });
    expect(answer.body.answer).toContain('Narwhals have tusks.');
  });

  it('stores a document whose name and text hold lone surrogates, as U+FFFD', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Surrogates' })).body;
    const upsert = await alice('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [{ name: 'odd\uD800.txt', text: 'Walruses \uDC00 dive 😀 deep\uD83D.' }],
    });
    expect(upsert.status).toBe(200);
    const [id] = upsert.body.ids;
    const datasource = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(datasource).toMatchObject({ status: 'synched', name: 'odd\uFFFD.txt' });
    const found = await alice('POST', `/api/datastores/${store.id}/query`, { query: 'walruses' });
    expect(found.body.results[0].text).toContain('Walruses \uFFFD dive 😀 deep\uFFFD.');
  });

  it('answers 400, not a crash, for metadata nested absurdly deep', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Deep' })).body;
    const nested = (depth: number) =>
      `{"documents":[{"name":"deep.txt","text":"Deep.","metadata":{"a":${'['.repeat(depth)}${']'.repeat(depth)}}}]}`;
    expect((await alice('POST', `/api/datastores/upsert/${store.id}`, nested(40))).status).toBe(
      200,
    );
    expectError(
      await alice('POST', `/api/datastores/upsert/${store.id}`, nested(30_000)),
      400,
      'INVALID_REQUEST',
      /^documents\[0\]\.metadata\.a(\[0\])+ must not nest arrays and objects more than 64 deep$/,
    );
  });

  it('answers 404 JSON for unknown routes', async () => {
    expectError(await alice('GET', '/api/nothing-here'), 404, 'NOT_FOUND', /no route/);
    expectError(await alice('PUT', '/api/agents'), 404, 'NOT_FOUND');
    expectError(await createApiClient(service.url)('GET', '/elsewhere'), 404, 'NOT_FOUND');
  });

  it('serves a health check without a key', async () => {
    const response = await createApiClient(service.url)('GET', '/healthz');
    expect(response).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

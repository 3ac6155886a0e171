import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from './server.js';
import { type ApiCall, createApiClient } from './testing/api-client.js';
import { createTestDatabase } from './testing/test-database.js';

let service: RunningAgentService;
let alice: ReturnType<typeof createApiClient>;
let bob: ReturnType<typeof createApiClient>;

beforeAll(async () => {
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    bodyLimitBytes: 64 * 1024,
  });
  alice = createApiClient(service.url, (await service.createOrganization('Alice')).apiKey);
  bob = createApiClient(service.url, (await service.createOrganization('Bob')).apiKey);
});

afterAll(async () => {
  await service.close();
});

function expectError(response: ApiCall, status: number, code: string, message?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(typeof response.body.error.message).toBe('string');
  if (message) expect(response.body.error.message).toMatch(message);
}

describe('authentication', () => {
  it('answers 401 without a key, with a malformed header and with an unknown key', async () => {
    for (const path of ['/api/agents', '/api/datastores', '/api/datasources/x']) {
      expectError(await createApiClient(service.url)('GET', path), 401, 'UNAUTHORIZED');
    }
    const response = await fetch(`${service.url}/api/agents`, {
      headers: { authorization: 'Basic abc' },
    });
    expect(response.status).toBe(401);
    expectError(
      await createApiClient(service.url, 'acs_not-a-real-key-at-all')('GET', '/api/agents'),
      401,
      'UNAUTHORIZED',
      /not valid/,
    );
    expectError(
      await createApiClient(service.url)('POST', '/api/agents/x/query', { query: 'hi' }),
      401,
      'UNAUTHORIZED',
    );
  });

  it('stores API keys only as their SHA-256 hash', async () => {
    const { organizationId, apiKey } = await service.createOrganization('Hashed');
    const rows = await service.database.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE organization_id = $1',
      [organizationId],
    );
    expect(rows).toEqual([{ key_hash: createHash('sha256').update(apiKey).digest('hex') }]);
    const everything = await service.database.query<{ dump: string }>(
      `SELECT string_agg(t::text, ' ') AS dump FROM (
         SELECT row_to_json(k)::text AS t FROM api_keys k
         UNION ALL SELECT row_to_json(o)::text FROM organizations o) rows`,
    );
    expect(everything[0]?.dump).not.toContain(apiKey);
    expect((await createApiClient(service.url, apiKey)('GET', '/api/agents')).status).toBe(200);
  });

  it('keeps each organization to its own resources (404, no existence leak)', async () => {
    const datastore = (await alice('POST', '/api/datastores', { name: 'Private' })).body;
    const agent = (
      await alice('POST', '/api/agents', { name: 'Secret', datastoreIds: [datastore.id] })
    ).body;
    const [source] = (
      await alice('POST', `/api/datastores/upsert/${datastore.id}`, {
        documents: [{ name: 'a.txt', text: 'alice only' }],
      })
    ).body.ids;
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/agents/${agent.id}`],
      ['PATCH', `/api/agents/${agent.id}`, { name: 'Mine' }],
      ['DELETE', `/api/agents/${agent.id}`, {}],
      ['POST', `/api/agents/${agent.id}/query`, { query: 'alice' }],
      ['GET', `/api/datastores/${datastore.id}`],
      ['GET', `/api/datastores/${datastore.id}/datasources`],
      ['PATCH', `/api/datastores/${datastore.id}`, { name: 'Mine' }],
      ['DELETE', `/api/datastores/${datastore.id}`, {}],
      ['POST', `/api/datastores/upsert/${datastore.id}`, { documents: [{ name: 'x', text: 'y' }] }],
      ['POST', `/api/datastores/update/${datastore.id}`, { id: source, name: 'x', text: 'y' }],
      ['GET', `/api/datasources/${source}`],
      ['DELETE', `/api/datasources/${source}`, {}],
    ];
    for (const [method, path, body] of attempts) {
      const response = await bob(method, path, body);
      expectError(response, 404, 'NOT_FOUND');
    }
    expect((await bob('GET', '/api/agents')).body).toEqual([]);
    expect((await bob('GET', '/api/datastores')).body).toEqual([]);
    expectError(
      await bob('POST', '/api/agents', { name: 'Steal', datastoreIds: [datastore.id] }),
      404,
      'NOT_FOUND',
    );
    expect((await bob('GET', '/api/agents')).body).toEqual([]);
    expect((await alice('GET', `/api/agents/${agent.id}`)).body.name).toBe('Secret');
    expect((await alice('GET', `/api/datasources/${source}`)).body.name).toBe('a.txt');
  });
});

describe('agents', () => {
  it('creates, lists, gets, updates and deletes an agent', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'For agents' })).body;
    const created = await alice('POST', '/api/agents', {
      name: 'Support',
      description: 'Answers support questions',
      modelName: 'gpt_4',
      temperature: 0.3,
      visibility: 'public',
      systemPrompt: 'Be kind.',
      promptType: 'raw',
      promptTemplate: 'Q: {query}',
      datastoreIds: [store.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{1,128}$/),
      name: 'Support',
      description: 'Answers support questions',
      modelName: 'gpt_4',
      temperature: 0.3,
      visibility: 'public',
      systemPrompt: 'Be kind.',
      userPrompt: null,
      promptType: 'raw',
      promptTemplate: 'Q: {query}',
      datastoreIds: [store.id],
    });
    const id = created.body.id;
    expect((await alice('GET', '/api/agents')).body.map((a: { id: string }) => a.id)).toContain(id);
    expect((await alice('GET', `/api/agents/${id}`)).body).toEqual(created.body);

    const updated = await alice('PATCH', `/api/agents/${id}`, {
      name: 'Support v2',
      temperature: 1,
      systemPrompt: null,
      datastoreIds: [],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Support v2',
      temperature: 1,
      systemPrompt: null,
      description: 'Answers support questions',
      modelName: 'gpt_4',
      datastoreIds: [],
    });

    const deleted = await alice('DELETE', `/api/agents/${id}`, {});
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(updated.body);
    expectError(await alice('GET', `/api/agents/${id}`), 404, 'NOT_FOUND');
    expectError(await alice('DELETE', `/api/agents/${id}`, {}), 404, 'NOT_FOUND');
    expectError(await alice('PATCH', `/api/agents/${id}`, { name: 'x' }), 404, 'NOT_FOUND');
  });

  it('rejects invalid bodies with 400 naming the field and the rule', async () => {
    expectError(await alice('POST', '/api/agents', {}), 400, 'INVALID_REQUEST', /name/);
    expectError(
      await alice('POST', '/api/agents', { name: 'x', temperature: 2 }),
      400,
      'INVALID_REQUEST',
      /temperature must be between 0 and 1/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', modelName: 'gpt_5' }),
      400,
      'INVALID_REQUEST',
      /modelName must be one of/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', visibility: 'secret' }),
      400,
      'INVALID_REQUEST',
      /visibility/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', datastoreIds: ['bad/id'] }),
      400,
      'INVALID_REQUEST',
      /datastoreIds/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', datastoreIds: ['unknown'] }),
      404,
      'NOT_FOUND',
      /unknown/,
    );
    expectError(await alice('POST', '/api/agents', [1, 2]), 400, 'INVALID_REQUEST');
  });

  it('keeps conversations when an agent is deleted (agent link cleared)', async () => {
    const agent = (await alice('POST', '/api/agents', { name: 'Temporary' })).body;
    const answer = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'hello' });
    expect(answer.status).toBe(200);
    await alice('DELETE', `/api/agents/${agent.id}`, {});
    const rows = await service.database.query<{ agent_id: string | null; messages: number }>(
      `SELECT c.agent_id, (SELECT count(*)::int FROM messages m
         WHERE m.organization_id = c.organization_id AND m.conversation_id = c.id) AS messages
       FROM conversations c WHERE c.id = $1`,
      [answer.body.conversationId],
    );
    expect(rows).toEqual([{ agent_id: null, messages: 2 }]);
  });
});

describe('datastores and datasources', () => {
  it('creates, lists, gets, updates and deletes a datastore', async () => {
    const created = await alice('POST', '/api/datastores', {
      name: 'Handbook',
      description: 'Company handbook',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      name: 'Handbook',
      description: 'Company handbook',
      type: 'qdrant',
      visibility: 'private',
    });
    const id = created.body.id;
    expect((await alice('GET', `/api/datastores/${id}`)).body).toEqual(created.body);
    expect((await alice('GET', '/api/datastores')).body).toContainEqual(created.body);

    const renamed = await alice('PATCH', `/api/datastores/${id}`, { name: 'Handbook 2' });
    expect(renamed.body).toMatchObject({ name: 'Handbook 2', visibility: 'private' });
    const published = await alice('PATCH', `/api/datastores/${id}`, { isPublic: true, id });
    expect(published.body.visibility).toBe('public');
    expectError(
      await alice('PATCH', `/api/datastores/${id}`, { id: 'another' }),
      400,
      'INVALID_REQUEST',
      /id/,
    );
    expectError(
      await alice('PATCH', `/api/datastores/${id}`, { type: 'pinecone' }),
      400,
      'INVALID_REQUEST',
      /type must be one of: qdrant/,
    );
    const deleted = await alice('DELETE', `/api/datastores/${id}`, {});
    expect(deleted.body).toEqual(published.body);
    expectError(await alice('GET', `/api/datastores/${id}`), 404, 'NOT_FOUND');
  });

  it('upserts documents into synched datasources and marks the deprecated route', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Upserts' })).body;
    const response = await alice('POST', `/api/datastores/upsert/${store.id}`, {
      documents: [
        { name: 'one.md', text: '# One\n\nThe first document.', metadata: { custom_id: 'c1' } },
        { name: 'two.txt', text: 'The second document.' },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.body.ids).toHaveLength(2);
    const list = (await alice('GET', `/api/datastores/${store.id}/datasources`)).body;
    expect(list.map((d: { id: string }) => d.id)).toEqual(response.body.ids);
    const [one, two] = list;
    expect(one).toMatchObject({
      type: 'text',
      name: 'one.md',
      status: 'synched',
      config: { custom_id: 'c1' },
      datastoreId: store.id,
    });
    expect(one.groupId).toBeTruthy();
    expect(two.groupId).toBe(one.groupId);
    expect(Date.parse(one.lastSynch)).not.toBeNaN();
    expect(Date.parse(one.updatedAt)).toBeGreaterThanOrEqual(Date.parse(one.createdAt));
    expect((await alice('GET', `/api/datasources/${one.id}`)).body).toEqual(one);

    const chunks = await service.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chunks WHERE datasource_id = $1',
      [one.id],
    );
    expect(chunks[0]?.count).toBeGreaterThan(0);
  });

  it('marks a document that cannot be indexed as error, with the reason, and no chunks', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Bad docs' })).body;
    const { ids } = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'empty.txt', text: ' \n --- \n ' }],
      })
    ).body;
    const datasource = (await alice('GET', `/api/datasources/${ids[0]}`)).body;
    expect(datasource.status).toBe('error');
    expect(datasource.config.errorMessage).toMatch(/no words/);
    expect(datasource.lastSynch).toBeNull();
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      ids[0],
    ]);
    expect(chunks).toEqual([]);
  });

  it('drops the old chunks when an update cannot be indexed (no answers from stale text)', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Stale' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'S', datastoreIds: [store.id] }))
      .body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'walrus.txt', text: 'Walruses sleep on ice floes.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(
      (await alice('POST', `/api/agents/${agent.id}/query`, { query: 'walruses' })).body.sources,
    ).toHaveLength(1);
    const update = await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'walrus.txt',
      text: ' -- ** -- ',
    });
    expect(update.status).toBe(200);
    const after = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(after.status).toBe('error');
    expect(after.config.errorMessage).toMatch(/no words/);
    expect(after.lastSynch).toBe(before.lastSynch);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    const stale = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'walruses' });
    expect(stale.body.sources).toEqual([]);
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      id,
    ]);
    expect(chunks).toEqual([]);

    await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'walrus.txt',
      text: 'Walruses use their tusks to climb.',
    });
    const fixed = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(fixed.status).toBe('synched');
    expect(fixed.config.errorMessage).toBeUndefined();
    expect(Date.parse(fixed.lastSynch)).toBeGreaterThan(Date.parse(before.lastSynch));
  });

  it('updates a datasource through the deprecated update route and re-indexes it', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Updates' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'U', datastoreIds: [store.id] }))
      .body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'old.txt', text: 'Penguins live in Antarctica.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    const response = await alice('POST', `/api/datastores/update/${store.id}`, {
      id,
      name: 'new.txt',
      text: 'Camels live in deserts.',
      metadata: { custom_id: 'camels', source_url: 'https://example.com/camels' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe('true');
    expect(response.body).toEqual({ id });
    const after = (await alice('GET', `/api/datasources/${id}`)).body;
    expect(after).toMatchObject({
      name: 'new.txt',
      status: 'synched',
      config: { custom_id: 'camels' },
    });
    expect(Date.parse(after.lastSynch)).toBeGreaterThanOrEqual(Date.parse(before.lastSynch));
    const penguins = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'penguins' });
    expect(penguins.body.sources).toEqual([]);
    const camels = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'camels' });
    expect(camels.body.sources[0]).toMatchObject({
      datasource_id: id,
      datasource_name: 'new.txt',
      source_url: 'https://example.com/camels',
      custom_id: 'camels',
    });
    expectError(
      await alice('POST', `/api/datastores/update/${store.id}`, { id: 'missing', name: 'x' }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await alice('POST', `/api/datastores/update/${store.id}`, { id, name: '' }),
      400,
      'INVALID_REQUEST',
      /name must not be empty/,
    );
  });

  it('rejects invalid upserts with 400 and an unknown datastore with 404', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Strict' })).body;
    const empty = await alice('POST', `/api/datastores/upsert/${store.id}`, { documents: [] });
    expectError(empty, 400, 'INVALID_REQUEST', /at least one document/);
    expect(empty.headers.get('deprecation')).toBe('true');
    expectError(
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'x', text: 'y', metadata: 'nope' }],
      }),
      400,
      'INVALID_REQUEST',
      /metadata must be an object/,
    );
    expectError(
      await alice('POST', '/api/datastores/upsert/unknown', {
        documents: [{ name: 'x', text: 'y' }],
      }),
      404,
      'NOT_FOUND',
    );
    expect((await alice('GET', `/api/datastores/${store.id}/datasources`)).body).toEqual([]);
  });

  it('deletes a datasource with its chunks', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Deletes' })).body;
    const [id] = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'gone.txt', text: 'Soon gone.' }],
      })
    ).body.ids;
    const before = (await alice('GET', `/api/datasources/${id}`)).body;
    // The seed sends `{}`; a bodiless DELETE is accepted too.
    const deleted = await alice('DELETE', `/api/datasources/${id}`);
    expect(deleted.body).toEqual(before);
    expectError(await alice('GET', `/api/datasources/${id}`), 404, 'NOT_FOUND');
    const chunks = await service.database.query('SELECT 1 FROM chunks WHERE datasource_id = $1', [
      id,
    ]);
    expect(chunks).toEqual([]);
  });

  it('cascades a datastore delete to its datasources, chunks and agent links', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'Cascade' })).body;
    const agent = (await alice('POST', '/api/agents', { name: 'C', datastoreIds: [store.id] }))
      .body;
    const { ids } = (
      await alice('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [
          { name: 'a.txt', text: 'Alpha text.' },
          { name: 'b.txt', text: 'Beta text.' },
        ],
      })
    ).body;
    await alice('DELETE', `/api/datastores/${store.id}`, {});
    for (const id of ids)
      expectError(await alice('GET', `/api/datasources/${id}`), 404, 'NOT_FOUND');
    const leftovers = await service.database.query(
      'SELECT 1 FROM chunks WHERE datastore_id = $1 UNION ALL SELECT 1 FROM datasources WHERE datastore_id = $1',
      [store.id],
    );
    expect(leftovers).toEqual([]);
    expect((await alice('GET', `/api/agents/${agent.id}`)).body.datastoreIds).toEqual([]);
  });
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentService } from '../index.js';
import { createPgDatabase } from '../store/index.js';
import {
  createApiClient,
  type EmbeddingsTestServer,
  findTestPostgres,
  startEmbeddingsTestServer,
} from '../testing/index.js';

// Only test files read this: the pg adapter needs a real server, which CI may not have.
const databaseUrl = (
  await findTestPostgres(process.env.TEST_DATABASE_URL, 'Hybrid retrieval on PostgreSQL')
).url;

let embeddings: EmbeddingsTestServer;
beforeAll(async () => {
  embeddings = await startEmbeddingsTestServer({ dimensions: 256 });
});
afterAll(() => embeddings?.close());

describe.skipIf(!databaseUrl)('hybrid retrieval on PostgreSQL (TEST_DATABASE_URL)', () => {
  it('uses pgvector when the server has it, and says clearly at start when it has not', async () => {
    const url = databaseUrl as string;
    const schema = `agent_service_vectors_${Date.now().toString(36)}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const available =
      (await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")).length > 0;
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema},public`;
    try {
      const options = {
        port: 0,
        databaseUrl: scoped,
        embeddings: { url: embeddings.url, model: 'fake-pg' },
      };
      if (!available) {
        console.info('pgvector is not installed on the test server: checking the start-up error.');
        await expect(startAgentService(options)).rejects.toThrow(
          /Embeddings are configured \(EMBEDDINGS_URL\), but the database cannot enable the pgvector extension: .*Install pgvector on the PostgreSQL server/,
        );
        // Lexical-only on the same database needs no extension.
        const lexical = await startAgentService({ port: 0, databaseUrl: scoped });
        try {
          const { apiKey } = await lexical.createOrganization('PG lexical');
          const call = createApiClient(lexical.url, apiKey);
          const store = (await call('POST', '/api/datastores', { name: 'Docs' })).body;
          const { ids } = (
            await call('POST', `/api/datastores/upsert/${store.id}`, {
              documents: [{ name: 'a.md', text: 'Automobile rental fees are listed per day.' }],
            })
          ).body;
          const agent = (await call('POST', '/api/agents', { name: 'A', datastoreIds: [store.id] }))
            .body;
          const reply = await call('POST', `/api/agents/${agent.id}/query`, {
            query: 'automobile rental',
          });
          expect(reply.body.sources[0].datasource_id).toBe(ids[0]);
        } finally {
          await lexical.close();
        }
        return;
      }
      const service = await startAgentService(options);
      try {
        const { apiKey } = await service.createOrganization('PG hybrid');
        const call = createApiClient(service.url, apiKey);
        const store = (await call('POST', '/api/datastores', { name: 'Docs' })).body;
        const { ids } = (
          await call('POST', `/api/datastores/upsert/${store.id}`, {
            documents: [
              { name: 'a.md', text: 'Automobile rental fees are listed per day.' },
              { name: 'b.md', text: 'Breakfast is served from seven until ten.' },
            ],
          })
        ).body;
        await service.hybrid?.pass?.drain();
        const agent = (await call('POST', '/api/agents', { name: 'A', datastoreIds: [store.id] }))
          .body;
        const reply = await call('POST', `/api/agents/${agent.id}/query`, {
          query: 'What is the charge to hire a vehicle?',
        });
        expect(reply.body.sources[0].datasource_id).toBe(ids[0]);
      } finally {
        await service.close();
      }
    } finally {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

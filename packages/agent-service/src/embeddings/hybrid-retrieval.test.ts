import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import { retrieve } from '../retrieval/index.js';
import {
  createApiClient,
  createTestDatabase,
  type EmbeddingsTestServer,
  startEmbeddingsTestServer,
} from '../testing/index.js';

const DOCUMENTS = [
  {
    name: 'rental.md',
    text: '# Rates\n\nAutomobile rental fees are listed per day at the front desk.',
  },
  { name: 'bikes.md', text: '# Bicycles\n\nBicycles can be borrowed for free by every guest.' },
  { name: 'breakfast.md', text: '# Breakfast\n\nBreakfast is served from seven until ten.' },
  {
    name: 'parking.md',
    text: '# Parking\n\nParking a car in the garage costs nothing for guests.',
  },
];
// Shares no word (no stem) with rental.md, but every concept: vehicle/automobile,
// hire/rental, charge/fee. Nor does WordNet bridge them for the lexical search (an unknown
// word's most frequent sense: "vehicle" a conveyance, "hire" to employ, "charge" an attack);
// "motorcar" would ("automobile"), as "renting" would ("rental") below.
const PARAPHRASE = 'What is the charge to hire a vehicle?';

async function setUp(service: RunningAgentService) {
  const { apiKey } = await service.createOrganization('Hybrid');
  const call = createApiClient(service.url, apiKey);
  const store = (await call('POST', '/api/datastores', { name: 'Hotel' })).body;
  const { ids } = (
    await call('POST', `/api/datastores/upsert/${store.id}`, { documents: DOCUMENTS })
  ).body as { ids: string[] };
  const agent = (await call('POST', '/api/agents', { name: 'Desk', datastoreIds: [store.id] }))
    .body;
  await service.ingestion.waitFor(ids);
  const ask = async (query: string) =>
    (await call('POST', `/api/agents/${agent.id}/query`, { query })).body as {
      sources: { datasource_id: string; datasource_name: string; score: number }[];
    };
  return { call, store, ids, ask };
}

let embeddings: EmbeddingsTestServer;
beforeAll(async () => {
  embeddings = await startEmbeddingsTestServer({ dimensions: 256 });
});
afterAll(() => embeddings?.close());

describe('hybrid retrieval', () => {
  it('finds a paraphrase that the lexical search misses, fused by reciprocal rank', async () => {
    const service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      embeddings: { url: embeddings.url, model: 'fake-bow', batchSize: 3 },
    });
    try {
      const { call, store, ids, ask } = await setUp(service);
      await service.hybrid?.pass?.drain();
      expect(await service.hybrid?.pending()).toBe(0);
      // Batches of 3: four documents, one chunk each (plus the question probes).
      expect(
        embeddings.requests.filter((r) => r.model === 'fake-bow').map((r) => r.input.length),
      ).toEqual(expect.arrayContaining([3, 1]));

      const lexical = await retrieve(service.database, PARAPHRASE, { datastoreIds: [store.id] });
      expect(lexical.sources.map((source) => source.datasource_id)).not.toContain(ids[0]);

      const hybrid = await ask(PARAPHRASE);
      expect(hybrid.sources[0]?.datasource_id).toBe(ids[0]);
      // The datastore search (Chaindesk's retriever route) fuses the vectors too.
      const searched = (
        await call('POST', `/api/datastores/${store.id}/query`, { query: PARAPHRASE, topK: 2 })
      ).body as { results: { datasource_id: string }[] };
      expect(searched.results[0]?.datasource_id).toBe(ids[0]);

      // Reciprocal rank fusion: the vector search ranks rental first and parking second,
      // the lexical one finds only parking ("car", "cost"); found by both, parking wins.
      // (The ranking itself: an answer cites only the passages it quotes.)
      const both = await retrieve(service.database, 'Does hiring a car cost anything?', {
        datastoreIds: [store.id],
        vectorSearch: service.hybrid?.vectorSearch,
      });
      expect(both.sources.map((source) => source.datasource_id)).toEqual([ids[3], ids[0]]);
      expect((await ask('Does hiring a car cost anything?')).sources[0]?.datasource_id).toBe(
        ids[3],
      );
      expect(both.sources[0]?.score).toBeCloseTo((1 / 61 + 1 / 62) / (2 / 61), 5);
      expect(both.sources[1]?.score).toBeCloseTo(1 / 61 / (2 / 61), 5);
      const lexicalOnly = await retrieve(service.database, 'Does hiring a car cost anything?', {
        datastoreIds: [store.id],
      });
      expect(lexicalOnly.sources.map((source) => source.datasource_id)).toEqual([ids[3]]);

      // The embeddings server down: queries carry on lexically, no error.
      embeddings.setDown(true);
      try {
        const fallback = await ask('Does hiring a car cost anything?');
        expect(fallback.sources.map((source) => source.datasource_id)).toEqual([ids[3]]);
      } finally {
        embeddings.setDown(false);
      }
    } finally {
      await service.close();
    }
  });

  it('keeps ingesting while the embeddings server is down, then embeds what was left', async () => {
    const service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      embeddings: {
        url: embeddings.url,
        model: 'fake-resume',
        maxAttempts: 2,
        baseDelayMs: 5,
        failurePauseMs: 60_000,
      },
    });
    embeddings.setDown(true);
    try {
      const { call, ids, ask } = await setUp(service);
      const statuses = await Promise.all(
        ids.map(async (id) => (await call('GET', `/api/datasources/${id}`)).body.status),
      );
      expect(statuses).toEqual(['synched', 'synched', 'synched', 'synched']);
      await expect(service.hybrid?.pass?.drain()).rejects.toMatchObject({ failure: 'unavailable' });
      expect(await service.hybrid?.pending()).toBe(4);
      // Lexical answers meanwhile.
      expect((await ask('When is breakfast served?')).sources[0]?.datasource_id).toBe(ids[2]);

      embeddings.setDown(false);
      await service.hybrid?.pass?.drain();
      expect(await service.hybrid?.pending()).toBe(0);
      expect((await ask(PARAPHRASE)).sources[0]?.datasource_id).toBe(ids[0]);

      // Re-ingesting a document replaces its chunks and their vectors (cascade), and the
      // pass embeds the new chunk.
      await call('POST', `/api/datasources/${ids[2]}/synch`, {});
      await service.ingestion.waitFor([ids[2] as string]);
      await service.hybrid?.pass?.drain();
      const [row] = await service.database.query<{ vectors: number; chunks: number }>(
        `SELECT (SELECT count(*)::int FROM chunk_vectors) AS vectors,
           (SELECT count(*)::int FROM chunks) AS chunks`,
      );
      expect(row).toEqual({ vectors: 4, chunks: 4 });
    } finally {
      embeddings.setDown(false);
      await service.close();
    }
  });

  it('fails at start when the configured vector size differs from the stored one, naming both', async () => {
    const database = await createTestDatabase();
    const first = await startAgentService({
      port: 0,
      database,
      embeddings: { url: embeddings.url, model: 'fake-size' },
    });
    await setUp(first);
    await first.hybrid?.pass?.drain();
    // Keep the database open for the second start: close only the first one's pass.
    await first.hybrid?.pass?.stop();
    await expect(
      startAgentService({
        port: 0,
        database,
        embeddings: { url: embeddings.url, model: 'fake-size', dimensions: 32 },
      }),
    ).rejects.toThrow(
      /EMBEDDINGS_DIMENSIONS asks for 32-dimensional vectors for model "fake-size", but the vectors stored for it \(and their HNSW index\) are 256-dimensional/,
    );
    await first.close();
  });

  it('leaves lexical-only retrieval as it was: no vector extension, no vector table', async () => {
    const service = await startAgentService({ port: 0, database: await createTestDatabase() });
    try {
      const { store, ids, ask } = await setUp(service);
      expect(service.hybrid).toBeUndefined();
      const [state] = await service.database.query<{ table: string | null; extension: number }>(
        `SELECT to_regclass('chunk_vectors')::text AS table,
           (SELECT count(*)::int FROM pg_extension WHERE extname = 'vector') AS extension`,
      );
      expect(state).toEqual({ table: null, extension: 0 });
      const direct = await retrieve(service.database, 'Does parking a car cost anything?', {
        datastoreIds: [store.id],
      });
      const answered = await ask('Does parking a car cost anything?');
      expect(answered.sources).toEqual(direct.sources);
      expect(answered.sources[0]?.datasource_id).toBe(ids[3]);
      expect((await ask(PARAPHRASE)).sources.map((s) => s.datasource_id)).not.toContain(ids[0]);
    } finally {
      await service.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../server.js';
import { type ApiCall, createApiClient, createTestDatabase } from '../testing/index.js';
import { searchLexical } from './lexical-search.js';
import { termStatistics } from './query-terms.js';

/** One service for the file (starting one costs seconds); each test its own datastore. */
let service: RunningAgentService;
let call: (method: string, path: string, body?: unknown) => Promise<ApiCall>;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  call = createApiClient(service.url, (await service.createOrganization('Docs')).apiKey);
});

afterAll(async () => {
  await service?.close();
});

/** A new datastore holding these documents, indexed. */
async function datastoreOf(documents: { name: string; text: string }[]): Promise<string> {
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id as string;
  const { ids } = (await call('POST', `/api/datastores/upsert/${datastoreId}`, { documents }))
    .body as { ids: string[] };
  await service.ingestion.waitFor(ids);
  return datastoreId;
}

/** `termStatistics` of a question over a datastore of these documents. */
async function statisticsOf(documents: { name: string; text: string }[], question: string) {
  const datastoreId = await datastoreOf(documents);
  return termStatistics(service.database, [{ text: question, weight: 1 }], [datastoreId]);
}

describe('termStatistics', () => {
  it("adds the documents' words for the question's words, at half their weight", async () => {
    const { terms, unknown } = await statisticsOf(
      [
        { name: 'unused-args.md', text: '# unused-args\n\nDisallows args nobody reads.' },
        { name: 'rules.md', text: '# Rule list\n\nEvery rule of the linter.' },
      ],
      'Which rule forbids parameters?',
    );
    const weights = Object.fromEntries(terms.map((term) => [term.term, term.weight]));
    // "forbid" and "parameters" are in no chunk; "disallow" and "args" are, at half weight.
    expect(weights).toEqual({ rule: 1, disallow: 0.5, arg: 0.5 });
    // A synonym no chunk holds is not reported as a word the documents lack.
    expect(unknown.sort()).toEqual(['forbid', 'paramet']);
  });

  it("does not search what a negative contraction leaves (isn't → isn)", async () => {
    const { terms, unknown } = await statisticsOf(
      [
        { name: 'faq.md', text: "# FAQ\n\nThe cache isn't shared. The log doesn't rotate." },
        { name: 'cache.md', text: '# Cache\n\nThe cache is shared between workers.' },
      ],
      "Why isn't the cache shared, and doesn't it rotate?",
    );
    // `isn` and `doesn` are in one chunk of two, the rarest terms of the question: they
    // would outweigh its topic. Only the topic's words are searched.
    expect(terms.map((term) => term.term).sort()).toEqual(['cach', 'rotat', 'share']);
    expect(unknown).toEqual([]);
  });

  it('searches neighbouring words as the identifier code joins them into, at half weight, never unknown', async () => {
    const documents = [
      {
        name: 'globalsetup.md',
        text: '# globalSetup\n\nRuns once in the main thread before any worker starts.',
      },
      {
        name: 'lifecycle.md',
        text: '# Global setup phase\n\nThe global setup phase comes first: global setup runs before the tests.',
      },
    ];
    const { terms, unknown } = await statisticsOf(documents, 'Where does the global setup run?');
    const weights = Object.fromEntries(terms.map((term) => [term.term, term.weight]));
    // "global setup" is the option `globalSetup`; "setup run" joins into nothing held.
    expect(weights).toEqual({ global: 1, setup: 1, globalsetup: 0.5, run: 1 });
    expect(unknown).toEqual([]);
    // A search in words finds the page the identifier names first.
    const datastoreId = await datastoreOf(documents);
    const { hits } = await searchLexical(
      service.database,
      [{ text: 'Where does the global setup run?', weight: 1 }],
      { datastoreIds: [datastoreId], limit: 2 },
    );
    const names = await service.database.query<{ id: string; name: string }>(
      'SELECT c.id, d.name FROM chunks c JOIN datasources d ON d.id = c.datasource_id WHERE d.datastore_id = $1',
      [datastoreId],
    );
    const nameOf = new Map(names.map((row) => [row.id, row.name]));
    expect(hits.map((hit) => nameOf.get(hit.chunkId))).toEqual(['globalsetup.md', 'lifecycle.md']);
  });
});

describe('searchLexical', () => {
  it('draws the same capped candidates reading the chunks in storage order as through the index', async () => {
    // Common words that most chunks pair up: the cap on their candidates (5) binds.
    const datastoreId = await datastoreOf(
      Array.from({ length: 30 }, (_, index) => ({
        name: `page-${index}.md`,
        text: `# Page ${index}\n\nThe session cookie${index % 3 === 0 ? '' : ' expires'} at night, item${index} of the list.`,
      })),
    );
    const datasourceIds = (
      await service.database.query<{ id: string }>(
        'SELECT DISTINCT datasource_id AS id FROM chunks WHERE datastore_id = $1',
        [datastoreId],
      )
    ).map((row) => row.id);
    const statements: string[] = [];
    const watched = {
      query: ((sql: string, parameters?: unknown[]) => {
        statements.push(sql);
        return service.database.query(sql, parameters);
      }) as typeof service.database.query,
      exec: (sql: string) => service.database.exec(sql),
    };
    const texts = [{ text: 'does the session cookie expire', weight: 1 }];
    const options = { datastoreIds: [datastoreId], limit: 30, candidateBudget: 10 };
    const inOrder = await searchLexical(watched, texts, options);
    expect(statements.some((sql) => sql.includes('read in storage order'))).toBe(true);
    statements.length = 0;
    // A filter on the same datasources takes the index (another index could serve it).
    const viaIndex = await searchLexical(watched, texts, {
      ...options,
      filters: { datasource_ids: datasourceIds },
    });
    expect(statements.some((sql) => sql.includes('read in storage order'))).toBe(false);
    expect(inOrder.hits).toHaveLength(5);
    expect(inOrder.hits).toEqual(viaIndex.hits);
  });

  it("scores only commonCandidateShare of the common terms' capped candidates, the first in storage order", async () => {
    const datastoreId = await datastoreOf(
      Array.from({ length: 30 }, (_, index) => ({
        name: `page-${index}.md`,
        text: `# Page ${index}\n\nThe session cookie${index % 3 === 0 ? '' : ' expires'} at night, item${index} of the list.`,
      })),
    );
    const texts = [{ text: 'does the session cookie expire', weight: 1 }];
    const options = { datastoreIds: [datastoreId], limit: 30, candidateBudget: 10 };
    const all = await searchLexical(service.database, texts, options);
    const explicit = await searchLexical(service.database, texts, {
      ...options,
      commonCandidateShare: 1,
    });
    const half = await searchLexical(service.database, texts, {
      ...options,
      commonCandidateShare: 0.5,
    });
    expect(explicit.hits).toEqual(all.hits);
    expect(all.hits).toHaveLength(5);
    // Half of 5, rounded up: the first 3 of the same 5 chunks, scored as before.
    expect(half.hits).toHaveLength(3);
    for (const hit of half.hits) expect(all.hits).toContainEqual(hit);
  });
});

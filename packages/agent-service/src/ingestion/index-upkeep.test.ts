import { describe, expect, it } from 'vitest';
import { startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';

/** Pages left in the full-text index's pending list (merging them reports how many). */
async function pendingPages(database: {
  query<Row>(sql: string): Promise<Row[]>;
}): Promise<number> {
  const rows = await database.query<{ pages: number }>(
    `SELECT gin_clean_pending_list('chunks_tsv'::regclass)::int AS pages`,
  );
  return rows[0]?.pages ?? -1;
}

function documents(count: number, offset: number) {
  return Array.from({ length: count }, (_, index) => ({
    name: `manual-${offset + index}.md`,
    text: `# Manual ${offset + index}\n\n${Array.from({ length: 60 }, (_, word) => `term${(offset + index) * 61 + word}`).join(' ')}.`,
  }));
}

describe('lexical index upkeep', () => {
  it('merges the pending index entries once the ingestion queue goes idle', async () => {
    const service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      ingestion: { pollMs: 50 },
    });
    try {
      const { apiKey } = await service.createOrganization('Upkeep');
      const call = createApiClient(service.url, apiKey);
      const datastore = await call('POST', '/api/datastores', { name: 'Manuals' });
      const upserted = await call('POST', `/api/datastores/upsert/${datastore.body.id}`, {
        documents: documents(40, 0),
      });
      expect(upserted.status).toBe(200);
      await service.ingestion.idle();
      expect(await pendingPages(service.database)).toBe(0);
      // A second burst is merged too, and the search finds what it brought.
      await call('POST', `/api/datastores/upsert/${datastore.body.id}`, {
        documents: documents(40, 40),
      });
      await service.ingestion.idle();
      expect(await pendingPages(service.database)).toBe(0);
      const found = await call('POST', `/api/datastores/${datastore.body.id}/query`, {
        query: `term${70 * 61 + 3}`,
      });
      expect(found.body.results.map((result: { text: string }) => result.text)).toHaveLength(1);
    } finally {
      await service.close();
    }
  });

  it('compacts the term statistics a deleted datasource left once ingestion is idle', async () => {
    const service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      ingestion: { pollMs: 50 },
    });
    try {
      const { apiKey } = await service.createOrganization('Upkeep');
      const call = createApiClient(service.url, apiKey);
      const datastore = await call('POST', '/api/datastores', { name: 'Manuals' });
      await call('POST', `/api/datastores/upsert/${datastore.body.id}`, {
        documents: documents(20, 0),
      });
      await service.ingestion.idle();
      const listed = await call('GET', `/api/datastores/${datastore.body.id}/datasources`);
      const doomed = (listed.body as { id: string; name: string }[]).filter((datasource) =>
        /^manual-[0-4]\.md$/.test(datasource.name),
      );
      expect(doomed).toHaveLength(5);
      for (const datasource of doomed) {
        expect((await call('DELETE', `/api/datasources/${datasource.id}`)).status).toBe(200);
      }
      await service.ingestion.idle();
      // One row per term again, none for the deleted documents' words, no deltas pending.
      const rows = await service.database.query<{ term: string; rows: number; chunks: number }>(
        `SELECT term, count(*)::int AS rows, sum(chunks)::int AS chunks FROM lexicon_terms
         WHERE datastore_id = $1 GROUP BY term`,
        [datastore.body.id],
      );
      expect(rows.filter((row) => row.rows !== 1 || row.chunks <= 0)).toEqual([]);
      expect(rows.some((row) => row.term === 'term3')).toBe(false);
      expect(rows.some((row) => row.term === 'term1000')).toBe(true);
      const totals = await service.database.query<{ deltas: number }>(
        'SELECT term_deltas AS deltas FROM lexicon_totals WHERE datastore_id = $1',
        [datastore.body.id],
      );
      expect(totals[0]?.deltas).toBe(0);
    } finally {
      await service.close();
    }
  });

  it('starts and serves when the upkeep cannot run (logged, not fatal)', async () => {
    const database = await createTestDatabase();
    // No full-text index to merge: gin_clean_pending_list fails, as for a role that
    // does not own it.
    await database.exec('DROP INDEX chunks_tsv');
    const warnings: string[] = [];
    const logger = {
      info: () => {},
      error: () => {},
      warn: (_details: unknown, message: string) => {
        warnings.push(message);
      },
    };
    const service = await startAgentService({ port: 0, database, logger });
    try {
      expect(warnings).toContain('lexical index upkeep at start-up failed');
      const response = await fetch(`${service.url}/healthz`);
      expect(response.status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('merges what a stopped process left pending at start-up', async () => {
    const database = await createTestDatabase();
    await database.exec(`
      INSERT INTO organizations (id, name) VALUES ('org', 'Org');
      INSERT INTO datastores (id, organization_id, name) VALUES ('store', 'org', 'S');
      INSERT INTO datasources (id, organization_id, datastore_id, name, status)
      VALUES ('source', 'org', 'store', 'left.md', 'synched');
      INSERT INTO chunks (id, datasource_id, datastore_id, position, content, tsv)
      SELECT 'chunk-' || n, 'source', 'store', n, 'words', ('term' || n || ' other' || n)::tsvector
      FROM generate_series(1, 2000) n;`);
    const service = await startAgentService({ port: 0, database });
    try {
      expect(await pendingPages(database)).toBe(0);
    } finally {
      await service.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createAgentService, startAgentService } from '../index.js';
import { createChunkAnalysisPool } from '../lexical-index/index.js';
import { silentLogger } from '../logger.js';
import { createPgDatabase } from '../store/index.js';
import { createApiClient, createTestDatabase, findTestPostgres } from '../testing/index.js';
import { createSafeFetcher } from '../web/index.js';
import { claimJobs, enqueueIngestion } from './job-queue.js';
import { runIngestionJobs } from './run-ingestion-job.js';

const seed = `
  INSERT INTO organizations (id, name) VALUES ('org-1', 'Jobs');
  INSERT INTO datastores (id, organization_id, name) VALUES ('store-1', 'org-1', 'S');`;

describe('ingestion jobs', () => {
  it('reclaims a job whose worker died once its lease expired; no duplicate chunks', async () => {
    const database = await createTestDatabase();
    await database.exec(`${seed}
      INSERT INTO datasources (id, organization_id, datastore_id, name, status, text)
      VALUES ('source-1', 'org-1', 'store-1', 'dead.md', 'running', '# Dead\n\nOtters hold hands while sleeping.');
      INSERT INTO chunks (id, datasource_id, datastore_id, position, content)
      VALUES ('partial', 'source-1', 'store-1', 0, 'left by the dead worker');
      INSERT INTO ingestion_jobs (id, datasource_id, state, attempts, locked_by, locked_until)
      VALUES ('job-1', 'source-1', 'running', 1, 'dead-worker', now() - interval '1 second');`);
    const service = await createAgentService({ database, ingestion: { pollMs: 20, leaseMs: 500 } });
    try {
      await service.ingestion.waitFor(['source-1'], { timeoutMs: 10_000 });
      const [row] = await database.query<{
        status: string;
        chunks: string[];
        attempts: number;
        state: string;
      }>(
        `SELECT d.status, array(SELECT content FROM chunks WHERE datasource_id = d.id) AS chunks,
           j.attempts, j.state
         FROM datasources d JOIN ingestion_jobs j ON j.datasource_id = d.id WHERE d.id = 'source-1'`,
      );
      expect(row).toEqual({
        status: 'synched',
        chunks: ['Otters hold hands while sleeping.'],
        attempts: 2,
        state: 'done',
      });
    } finally {
      await service.close();
    }
  });

  it('gives a job up (error, readable reason) after its workers died three times', async () => {
    const database = await createTestDatabase();
    await database.exec(`${seed}
      INSERT INTO datasources (id, organization_id, datastore_id, name, status, text)
      VALUES ('source-2', 'org-1', 'store-1', 'cursed.md', 'running', 'Cursed.');
      INSERT INTO ingestion_jobs (id, datasource_id, state, attempts, locked_by, locked_until)
      VALUES ('job-2', 'source-2', 'running', 3, 'dead-worker', now() - interval '1 second');`);
    const service = await createAgentService({ database, ingestion: { pollMs: 20 } });
    try {
      await service.ingestion.waitFor(['source-2'], { timeoutMs: 10_000 });
      const [row] = await database.query<{ status: string; message: string }>(
        `SELECT status, config ->> 'errorMessage' AS message FROM datasources WHERE id = 'source-2'`,
      );
      expect(row?.status).toBe('error');
      expect(row?.message).toMatch(/interrupted 3 times/);
    } finally {
      await service.close();
    }
  });

  it('claims stored-content jobs in batches, at most 10 uploaded files per batch', async () => {
    const database = await createTestDatabase();
    await database.exec(`${seed}
      INSERT INTO datasources (id, organization_id, datastore_id, name, type, status)
      SELECT 'file-' || n, 'org-1', 'store-1', 'f' || n || '.pdf', 'file', 'pending'
      FROM generate_series(1, 15) n;
      INSERT INTO datasources (id, organization_id, datastore_id, name, type, status)
      SELECT 'text-' || n, 'org-1', 'store-1', 't' || n || '.md', 'text', 'pending'
      FROM generate_series(1, 120) n;
      INSERT INTO ingestion_jobs (id, datasource_id, created_at)
      SELECT 'job-' || id, id, now() + seq * interval '1 millisecond' FROM datasources;`);
    const first = await claimJobs(database, 'worker', 60_000, 100);
    expect(first).toHaveLength(100);
    expect(first.filter((job) => job.datasourceId.startsWith('file-'))).toHaveLength(10);
    const second = await claimJobs(database, 'worker', 60_000, 100);
    expect(second).toHaveLength(35);
    expect(second.filter((job) => job.datasourceId.startsWith('file-'))).toHaveLength(5);
    expect(new Set([...first, ...second].map((job) => job.id)).size).toBe(135);
    await database.close();
  });

  it('fences a batch: a job whose lease was taken over is left to its new worker', async () => {
    const database = await createTestDatabase();
    const fetcher = createSafeFetcher();
    const chunkAnalysis = createChunkAnalysisPool();
    const context = { database, fetcher, logger: silentLogger, chunkAnalysis };
    const signal = new AbortController().signal;
    await database.exec(`${seed}
      INSERT INTO datasources (id, organization_id, datastore_id, name, status, text)
      VALUES ('lost', 'org-1', 'store-1', 'lost.md', 'pending', 'Walruses haul out on ice.'),
        ('kept', 'org-1', 'store-1', 'kept.md', 'pending', 'Camels store fat in humps.'),
        ('again', 'org-1', 'store-1', 'again.md', 'pending', 'Otters hold hands.');
      INSERT INTO ingestion_jobs (id, datasource_id, created_at)
      SELECT 'job-' || id, id, now() + seq * interval '1 millisecond' FROM datasources;`);
    const state = () =>
      database.query<{ id: string; status: string; chunks: number; job: string; holder: string }>(
        `SELECT d.id, d.status, (SELECT count(*)::int FROM chunks WHERE datasource_id = d.id) AS chunks,
           j.state AS job, coalesce(j.locked_by, '') AS holder
         FROM datasources d JOIN ingestion_jobs j ON j.datasource_id = d.id ORDER BY d.seq`,
      );
    try {
      const slow = await claimJobs(database, 'slow-worker', 60_000, 10);
      expect(slow.map((job) => job.datasourceId)).toEqual(['lost', 'kept', 'again']);
      // The slow worker is presumed dead: its lease on one job runs out, another worker
      // claims that job; meanwhile another document is queued again while it runs.
      await database.query(
        `UPDATE ingestion_jobs SET locked_until = now() - interval '1 second' WHERE id = 'job-lost'`,
      );
      const fast = await claimJobs(database, 'fast-worker', 60_000, 10);
      expect(fast.map((job) => job.datasourceId)).toEqual(['lost']);
      await database.transaction((transaction) => enqueueIngestion(transaction, 'again'));

      await runIngestionJobs(context, slow, 'slow-worker', signal);
      expect(await state()).toEqual([
        { id: 'lost', status: 'running', chunks: 0, job: 'running', holder: 'fast-worker' },
        { id: 'kept', status: 'synched', chunks: 1, job: 'done', holder: '' },
        { id: 'again', status: 'pending', chunks: 1, job: 'queued', holder: '' },
      ]);

      await runIngestionJobs(context, fast, 'fast-worker', signal);
      expect((await state())[0]).toEqual({
        id: 'lost',
        status: 'synched',
        chunks: 1,
        job: 'done',
        holder: '',
      });
    } finally {
      fetcher.close();
      await chunkAnalysis.stop();
      await database.close();
    }
  });
});

const databaseUrl = (
  await findTestPostgres(process.env.TEST_DATABASE_URL, 'The shared job queue on PostgreSQL')
).url;
describe.skipIf(!databaseUrl)('ingestion jobs on one PostgreSQL (TEST_DATABASE_URL)', () => {
  it('two service processes share the queue and never run a job twice', async () => {
    const url = databaseUrl as string;
    const schema = `ingestion_test_${Date.now().toString(36)}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    const first = await startAgentService({
      port: 0,
      databaseUrl: scoped,
      ingestion: { workers: 3, pollMs: 20 },
    });
    const second = await startAgentService({
      port: 0,
      databaseUrl: scoped,
      ingestion: { workers: 3, pollMs: 20 },
    });
    try {
      const { apiKey } = await first.createOrganization('Shared');
      const call = createApiClient(first.url, apiKey);
      const store = (await call('POST', '/api/datastores', { name: 'Shared' })).body.id;
      const ids: string[] = [];
      for (let index = 0; index < 40; index += 1) {
        const created = await call('POST', '/api/datasources', {
          datastoreId: store,
          type: 'text',
          name: `note-${index}.md`,
          config: { text: `# Note ${index}\n\nHarbour ${index} has ${index} boats.` },
        });
        ids.push(created.body.id);
      }
      second.ingestion.wake();
      await first.ingestion.waitFor(ids, { timeoutMs: 30_000 });
      const rows = await first.database.query<{ status: string; chunks: number; attempts: number }>(
        `SELECT d.status, (SELECT count(*)::int FROM chunks WHERE datasource_id = d.id) AS chunks,
           (SELECT sum(attempts)::int FROM ingestion_jobs WHERE datasource_id = d.id) AS attempts
         FROM datasources d WHERE d.id = ANY($1::text[])`,
        [ids],
      );
      expect(rows).toHaveLength(40);
      for (const row of rows) expect(row).toEqual({ status: 'synched', chunks: 1, attempts: 1 });
      // Both processes' idle upkeep compacted the term statistics: exact, one row per term.
      await Promise.all([first.ingestion.idle(), second.ingestion.idle()]);
      const kept = await first.database.query(
        `SELECT term, sum(chunks)::int AS chunks, count(*)::int AS rows FROM lexicon_terms
         WHERE datastore_id = $1 GROUP BY term ORDER BY term`,
        [store],
      );
      const counted = await first.database.query(
        `SELECT u.lexeme AS term, count(*)::int AS chunks, 1 AS rows FROM chunks c, unnest(c.tsv) u
         WHERE c.datastore_id = $1 GROUP BY 1 ORDER BY 1`,
        [store],
      );
      expect(kept).toEqual(counted);
    } finally {
      await first.close();
      await second.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { createTestDatabase } from '../testing/index.js';
import { createIngestionWorker } from './ingestion-worker.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ingestion worker', () => {
  it('lets a burst gather after a plain wake; claims at once after a batch wake', async () => {
    const database = await createTestDatabase();
    await database.exec(`
      INSERT INTO organizations (id, name) VALUES ('org-1', 'Jobs');
      INSERT INTO datastores (id, organization_id, name) VALUES ('store-1', 'org-1', 'S');
      INSERT INTO datasources (id, organization_id, datastore_id, name, status)
      SELECT 'source-' || n, 'org-1', 'store-1', n || '.md', 'pending' FROM generate_series(1, 3) n;`);
    const claimed: string[][] = [];
    const worker = createIngestionWorker({
      database,
      logger: silentLogger,
      // Nothing sleeps or gathers its way out within this test: every claim is a wake's.
      pollMs: 60_000,
      gatherMs: 60_000,
      concurrency: 1,
      async run(jobs) {
        claimed.push(jobs.map((job) => job.datasourceId).sort());
        await database.query(
          `UPDATE ingestion_jobs SET state = 'done' WHERE id = ANY($1::text[])`,
          [jobs.map((job) => job.id)],
        );
      },
    });
    const queue = (ids: string[]) =>
      database.query(
        `INSERT INTO ingestion_jobs (id, datasource_id) SELECT 'job-' || id, id FROM unnest($1::text[]) id`,
        [ids],
      );
    try {
      await pause(100); // the first look found nothing: the worker sleeps
      await queue(['source-1']);
      worker.wake();
      await pause(300);
      expect(claimed).toEqual([]); // gathering, for a minute
      await queue(['source-2', 'source-3']);
      worker.wake({ batch: true });
      for (let tries = 0; tries < 500 && claimed.length === 0; tries += 1) await pause(10);
      expect(claimed).toEqual([['source-1', 'source-2', 'source-3']]);

      // Asleep again: a batch wake claims without gathering at all.
      await pause(100);
      await database.exec(`INSERT INTO datasources (id, organization_id, datastore_id, name, status)
        VALUES ('source-4', 'org-1', 'store-1', '4.md', 'pending')`);
      await queue(['source-4']);
      worker.wake({ batch: true });
      for (let tries = 0; tries < 500 && claimed.length === 1; tries += 1) await pause(10);
      expect(claimed).toEqual([['source-1', 'source-2', 'source-3'], ['source-4']]);
    } finally {
      await worker.stop();
      await database.close();
    }
  });
});

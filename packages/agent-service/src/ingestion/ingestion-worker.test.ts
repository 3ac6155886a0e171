import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger.js';
import { createTestDatabase } from '../testing/index.js';
import { createIngestionWorker } from './ingestion-worker.js';

describe('ingestion worker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a burst gather after a plain wake; claims at once after a batch wake', async () => {
    const database = await createTestDatabase();
    // The worker's sleeps are fake timers: no time passes unless the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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
    // Parked (asleep or gathering), waiting for a wake. Not the count of pending timers: the
    // process has others (HTTP keep-alive, other test files' in a shared worker).
    const parked = () =>
      expect.poll(() => worker.parked(), { message: 'the worker is parked' }).toBe(1);
    try {
      await parked(); // the first look found nothing: the worker sleeps
      await queue(['source-1']);
      worker.wake();
      await parked();
      await vi.advanceTimersByTimeAsync(59_000);
      expect(claimed).toEqual([]); // gathering, for a minute
      await queue(['source-2', 'source-3']);
      worker.wake({ batch: true });
      await expect.poll(() => claimed).toEqual([['source-1', 'source-2', 'source-3']]);

      // Asleep again: a batch wake claims without gathering at all.
      await parked();
      await database.exec(`INSERT INTO datasources (id, organization_id, datastore_id, name, status)
        VALUES ('source-4', 'org-1', 'store-1', '4.md', 'pending')`);
      await queue(['source-4']);
      worker.wake({ batch: true });
      await expect
        .poll(() => claimed)
        .toEqual([['source-1', 'source-2', 'source-3'], ['source-4']]);
    } finally {
      await worker.stop();
      await database.close();
    }
  });
});

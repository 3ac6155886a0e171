import { describe, expect, it } from 'vitest';
import { createPgDatabase, type Database, migrate } from '../store/index.js';
import { createTestDatabase, findTestPostgres } from '../testing/index.js';
import { queueDueSyncs } from './queue-due-syncs.js';

/**
 * Organization `a` has four due web sources (one with a sync open already), a due page of
 * a site, a text source and one not yet due; organization `b` one due source.
 */
const seed = `
  INSERT INTO organizations (id, name) VALUES ('a', 'A'), ('b', 'B');
  INSERT INTO datastores (id, organization_id, name) VALUES ('sa', 'a', 'S'), ('sb', 'b', 'S');
  INSERT INTO datasources (id, organization_id, datastore_id, name, type, status, group_id, next_synch) VALUES
    ('a1', 'a', 'sa', 'a1', 'web_site', 'synched', NULL, now() - interval '3 hours'),
    ('a2', 'a', 'sa', 'a2', 'web_page', 'synched', NULL, now() - interval '2 hours'),
    ('a3', 'a', 'sa', 'a3', 'web_site', 'synched', NULL, now() - interval '1 hour'),
    ('a-open', 'a', 'sa', 'open', 'web_site', 'running', NULL, now() - interval '4 hours'),
    ('a-page', 'a', 'sa', 'page', 'web_page', 'synched', 'a1', now() - interval '5 hours'),
    ('a-text', 'a', 'sa', 'text', 'text', 'synched', NULL, now() - interval '5 hours'),
    ('a-later', 'a', 'sa', 'later', 'web_site', 'synched', NULL, now() + interval '1 hour'),
    ('b1', 'b', 'sb', 'b1', 'web_site', 'synched', NULL, now() - interval '1 minute');
  INSERT INTO ingestion_jobs (id, datasource_id, state) VALUES ('job-open', 'a-open', 'running');`;

const openJobs = async (database: Database) =>
  (
    await database.query<{ datasource_id: string }>(
      `SELECT datasource_id FROM ingestion_jobs WHERE state <> 'done' ORDER BY datasource_id`,
    )
  ).map((row) => row.datasource_id);

describe('queueDueSyncs', () => {
  it('queues the due web sources of their own, oldest first, up to each organization cap', async () => {
    const database = await createTestDatabase();
    try {
      await database.exec(seed);
      const now = new Date();
      // Cap 2: organization a has one open already, so one more (its oldest due); b its one.
      expect(await queueDueSyncs(database, { now, perOrganization: 2 })).toEqual(['a1', 'b1']);
      expect(await openJobs(database)).toEqual(['a-open', 'a1', 'b1']);
      expect(await queueDueSyncs(database, { now, perOrganization: 2 })).toEqual([]);
      // The scheduler's clock, not the database's, says what is due.
      const later = new Date(Date.now() + 2 * 3_600_000);
      expect(await queueDueSyncs(database, { now: later, perOrganization: 10 })).toEqual([
        'a2',
        'a3',
        'a-later',
      ]);
      // Two schedulers at once never queue a source twice.
      await database.exec(`UPDATE ingestion_jobs SET state = 'done'`);
      const both = await Promise.all([
        queueDueSyncs(database, { now: later, perOrganization: 10 }),
        queueDueSyncs(database, { now: later, perOrganization: 10 }),
      ]);
      expect(both.flat().sort()).toEqual(['a-later', 'a-open', 'a1', 'a2', 'a3', 'b1']);
    } finally {
      await database.close();
    }
  });
});

const databaseUrl = (
  await findTestPostgres(process.env.TEST_DATABASE_URL, 'The sync scheduler on PostgreSQL')
).url;
describe.skipIf(!databaseUrl)('queueDueSyncs on one PostgreSQL (TEST_DATABASE_URL)', () => {
  it('two processes checking at once queue each due source once, within the cap', async () => {
    const url = databaseUrl as string;
    const schema = `scheduler_test_${Date.now().toString(36)}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    const first = await createPgDatabase({ databaseUrl: scoped });
    const second = await createPgDatabase({ databaseUrl: scoped });
    try {
      await migrate(first);
      await first.exec(seed);
      const now = new Date();
      for (let round = 0; round < 5; round += 1) {
        const queued = await Promise.all([
          queueDueSyncs(first, { now, perOrganization: 2 }),
          queueDueSyncs(second, { now, perOrganization: 2 }),
        ]);
        expect(new Set(queued.flat()).size).toBe(queued.flat().length);
      }
      expect(await openJobs(first)).toEqual(['a-open', 'a1', 'b1']);
    } finally {
      await first.close();
      await second.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

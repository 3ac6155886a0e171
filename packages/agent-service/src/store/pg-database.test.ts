import { describe, expect, it } from 'vitest';
import { createAgentService, startAgentService } from '../index.js';
import { maintainLexicalIndex, replaceChunksOf } from '../lexical-index/index.js';
import { createApiClient, findTestPostgres } from '../testing/index.js';
import { migrate } from './migrations/index.js';
import { MIGRATIONS } from './migrations/migration-list.js';
import { createPgDatabase } from './pg-database.js';

// Only test files read this: the pg adapter needs a real server, which CI may not have.
const databaseUrl = (
  await findTestPostgres(process.env.TEST_DATABASE_URL, 'The PostgreSQL adapter tests')
).url;

describe.skipIf(!databaseUrl)('PostgreSQL adapter (TEST_DATABASE_URL)', () => {
  it('runs the same schema, migrations and API on a real PostgreSQL', async () => {
    const url = databaseUrl as string;
    const schema = `agent_service_test_${Date.now().toString(36)}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    try {
      const service = await startAgentService({ port: 0, databaseUrl: scoped });
      const { apiKey } = await service.createOrganization('PG');
      const call = createApiClient(service.url, apiKey);
      const store = (await call('POST', '/api/datastores', { name: 'PG docs' })).body;
      const { ids } = (
        await call('POST', `/api/datastores/upsert/${store.id}`, {
          documents: [{ name: 'pg.md', text: '# Postgres\n\nVacuum reclaims storage.' }],
        })
      ).body;
      const agent = (
        await call('POST', '/api/agents', {
          name: 'PG',
          datastoreIds: [store.id],
          handoffEnabled: true,
        })
      ).body;
      const answer = await call('POST', `/api/agents/${agent.id}/query`, {
        query: 'What does vacuum do?',
      });
      expect(answer.body.sources[0].datasource_id).toBe(ids[0]);
      expect(answer.body.answer).toContain('Vacuum reclaims storage.');
      await expect(
        service.database.transaction(async (transaction) => {
          await transaction.query('DELETE FROM datasources WHERE id = $1', [ids[0]]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect((await call('GET', `/api/datasources/${ids[0]}`)).status).toBe(200);

      // Conversations: ownership, search, keyset cursor (timestamps as pg writes them), handoff.
      const { conversationId, visitorId } = answer.body;
      const query = (body: object) => call('POST', `/api/agents/${agent.id}/query`, body);
      // Another visitor's id on this conversation is 404 (without one, the key holder continues it).
      expect((await query({ query: 'vacuum?', conversationId, visitorId: 'other' })).status).toBe(
        404,
      );
      expect((await query({ query: 'vacuum?', conversationId, visitorId })).status).toBe(200);
      await query({ query: 'something else', visitorId: 'other' });
      const found = await call('GET', '/api/conversations?q=vacuumed');
      expect(found.body.conversations.map((c: { id: string }) => c.id)).toEqual([conversationId]);
      expect(found.body.conversations[0].messageCount).toBe(4);
      const first = await call('GET', '/api/conversations?limit=1');
      const second = await call(
        'GET',
        `/api/conversations?limit=1&cursor=${first.body.nextCursor}`,
      );
      expect(second.body.conversations[0].id).toBe(conversationId);
      expect(second.body.nextCursor).toBeNull();
      await call('POST', `/api/conversations/${conversationId}/handoff`, {
        agentId: agent.id,
        visitorId,
      });
      const reply = await call('POST', `/api/conversations/${conversationId}/messages`, {
        text: 'Hi',
      });
      const poll = await call(
        'GET',
        `/api/conversations/${conversationId}/messages?agentId=${agent.id}&visitorId=${visitorId}&after=${answer.body.messageId}`,
      );
      expect(poll.body.messages.map((m: { id: string }) => m.id).at(-1)).toBe(reply.body.id);
      expect(poll.body.status).toBe('handoff');
      const exported = await fetch(`${service.url}/api/conversations/export?format=csv`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect((await exported.text()).split('\r\n').length).toBeGreaterThan(6);
      await service.close();
      const again = await createAgentService({ databaseUrl: scoped });
      const migrations = await again.database.query('SELECT id FROM schema_migrations');
      expect(migrations).toHaveLength(MIGRATIONS.length);
      await again.close();
    } finally {
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });

  it("turns synchronized scans off on every connection, beside a DATABASE_URL's own options", async () => {
    // A search reads common terms' candidates in storage order from the table's start
    // (`searchLexical`); a URL's `options=` (here a search_path) must not undo that.
    const url = databaseUrl as string;
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3Dpg_catalog`;
    const database = await createPgDatabase({ databaseUrl: scoped });
    try {
      // Three transactions at once: three connections of the pool.
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          database.transaction(async (transaction) => {
            const [row] = await transaction.query<{ scans: string; path: string; pid: number }>(
              `SELECT current_setting('synchronize_seqscans') AS scans,
                 current_setting('search_path') AS path, pg_backend_pid() AS pid,
                 pg_sleep(0.05)::text`,
            );
            return row;
          }),
        ),
      );
      expect(new Set(settings.map((row) => row?.pid)).size).toBe(3);
      expect(settings.map((row) => [row?.scans, row?.path])).toEqual(
        Array.from({ length: 3 }, () => ['off', 'pg_catalog']),
      );
    } finally {
      await database.close();
    }
  });

  it('keeps lexical statistics exact under concurrent writers of one datastore', async () => {
    const url = databaseUrl as string;
    const schema = `agent_service_lexicon_${Date.now().toString(36)}`;
    const admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    const database = await createPgDatabase({ databaseUrl: scoped });
    try {
      await migrate(database);
      await database.exec(`
        INSERT INTO organizations (id, name) VALUES ('org', 'Org');
        INSERT INTO datastores (id, organization_id, name) VALUES ('s', 'org', 'S'), ('t', 'org', 'T');
        INSERT INTO datasources (id, organization_id, datastore_id, name)
        SELECT 'd' || g, 'org', 's', 'd' FROM generate_series(0, 15) g;
        INSERT INTO datasources (id, organization_id, datastore_id, name)
        SELECT 'e' || g, 'org', 't', 'e' FROM generate_series(0, 15) g;
      `);
      const words = 'otter walrus camel harbour lighthouse keeper stone tusk hump fat'.split(' ');
      const chunks = (index: number) =>
        Array.from({ length: 3 }, (_, position) => ({
          position,
          title: 'T',
          content: words.filter((_, word) => (word + index + position) % 3 !== 0).join(' '),
        }));
      // 32 writers at once (the pool has 10 connections), each replacing one datasource of
      // each datastore in one batch (half of them naming the datastores in the other
      // order), with overlapping words, so they contend for the same statistics, while
      // the term deltas are compacted over and over (as idle workers of other processes
      // would).
      let writing = true;
      const compactions = (async () => {
        let runs = 0;
        while (writing || runs === 0) {
          await maintainLexicalIndex(database);
          runs += 1;
        }
        return runs;
      })();
      await Promise.all(
        Array.from({ length: 32 }, (_, index) =>
          database.transaction((transaction) => {
            const batch = [
              { datasource: { id: `d${index % 16}`, datastoreId: 's' }, chunks: chunks(index) },
              { datasource: { id: `e${index % 16}`, datastoreId: 't' }, chunks: chunks(index + 1) },
            ];
            return replaceChunksOf(transaction, index % 2 === 0 ? batch : batch.reverse());
          }),
        ),
      );
      writing = false;
      expect(await compactions).toBeGreaterThan(0);
      const summed = `SELECT datastore_id, term, sum(chunks)::int AS chunks FROM lexicon_terms
        GROUP BY 1, 2 HAVING sum(chunks) <> 0 ORDER BY 1, 2`;
      const kept = await database.query(summed);
      const actual = await database.query(
        'SELECT c.datastore_id, u.lexeme AS term, count(*)::int AS chunks FROM chunks c, unnest(c.tsv) u GROUP BY 1, 2 ORDER BY 1, 2',
      );
      expect(kept).toEqual(actual);
      const totals = await database.query<{ chunks: string; total: string }>(
        `SELECT chunks::text AS chunks, total_length::text AS total FROM lexicon_totals ORDER BY datastore_id`,
      );
      const lengths = await database.query<{ chunks: string; total: string }>(
        `SELECT count(*)::text AS chunks, sum(length)::text AS total FROM chunks GROUP BY datastore_id ORDER BY datastore_id`,
      );
      expect(totals).toEqual(lengths);
      expect(totals.map((row) => row.chunks)).toEqual(['48', '48']);
      // Compacted: one row per term, the same sums.
      await maintainLexicalIndex(database);
      expect(
        await database.query(
          'SELECT 1 FROM lexicon_terms GROUP BY datastore_id, term HAVING count(*) > 1',
        ),
      ).toEqual([]);
      expect(await database.query(summed)).toEqual(actual);
    } finally {
      await database.close();
      await admin.exec(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    }
  });
});

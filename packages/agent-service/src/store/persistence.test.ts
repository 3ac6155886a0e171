import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService, type RunningAgentService, startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';
import { MIGRATIONS } from './migrations/migration-list.js';

let dataDir: string;
const open: RunningAgentService[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'agent-service-persist-'));
});

afterAll(async () => {
  for (const service of open) await service.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('PGlite data directory', () => {
  it('keeps everything across a restart, locks the directory while open, migrates once', async () => {
    const first = await startAgentService({ port: 0, dataDir });
    open.push(first);
    const { apiKey } = await first.createOrganization('Durable');
    let call = createApiClient(first.url, apiKey);
    const store = (await call('POST', '/api/datastores', { name: 'Kept' })).body;
    const [datasourceId] = (
      await call('POST', `/api/datastores/upsert/${store.id}`, {
        documents: [{ name: 'kept.md', text: '# Kept\n\nLighthouses guide ships at night.' }],
      })
    ).body.ids;
    const agent = (await call('POST', '/api/agents', { name: 'K', datastoreIds: [store.id] })).body;
    const before = await call('POST', `/api/agents/${agent.id}/query`, {
      query: 'What do lighthouses do?',
    });
    expect(before.body.sources[0].datasource_id).toBe(datasourceId);

    await expect(createAgentService({ dataDir })).rejects.toThrow(/already open in this process/);

    await first.close();
    const second = await startAgentService({ port: 0, dataDir });
    open.push(second);
    call = createApiClient(second.url, apiKey);
    expect((await call('GET', `/api/agents/${agent.id}`)).body).toEqual(agent);
    expect((await call('GET', `/api/datasources/${datasourceId}`)).body.status).toBe('synched');
    const after = await call('POST', `/api/agents/${agent.id}/query`, {
      query: 'What do lighthouses do?',
      conversationId: before.body.conversationId,
      visitorId: before.body.visitorId,
    });
    expect(after.body.answer).toBe(before.body.answer);
    expect(after.body.visitorId).toBe(before.body.visitorId);
    const messages = await second.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM messages WHERE conversation_id = $1',
      [before.body.conversationId],
    );
    expect(messages[0]?.count).toBe(4);
    const migrations = await second.database.query<{ id: number }>(
      'SELECT id FROM schema_migrations ORDER BY id',
    );
    expect(migrations).toEqual(
      MIGRATIONS.map((migration) => ({ id: migration.id })).sort((a, b) => a.id - b.id),
    );
    expect(migrations).toContainEqual({ id: 5 });
    await second.close();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    await writeFile(path.join(dataDir, 'agent-service.lock'), '2147483646');
    const service = await createAgentService({ dataDir });
    const rows = await service.database.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM organizations',
    );
    expect(rows[0]?.count).toBe(1);
    await service.close();
  });

  it('queues and indexes documents an older version left unsynched, at start-up', async () => {
    const database = await createTestDatabase();
    await database.exec(`
      INSERT INTO organizations (id, name) VALUES ('org-1', 'Interrupted');
      INSERT INTO datastores (id, organization_id, name) VALUES ('store-1', 'org-1', 'S');
      INSERT INTO datasources (id, organization_id, datastore_id, name, status, text)
      VALUES ('source-1', 'org-1', 'store-1', 'late.md', 'unsynched', 'Walruses use tusks to climb.');
    `);
    const service = await createAgentService({ database });
    await service.ingestion.waitFor(['source-1']);
    const rows = await service.database.query<{ status: string; chunks: number }>(
      `SELECT status, (SELECT count(*)::int FROM chunks WHERE datasource_id = d.id) AS chunks
       FROM datasources d WHERE id = 'source-1'`,
    );
    expect(rows).toEqual([{ status: 'synched', chunks: 1 }]);
    await service.close();
  });
});

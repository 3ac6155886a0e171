import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { createPgDatabase, type Database, migrate } from '../store/index.js';
import { findTestPostgres } from '../testing/test-postgres.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { enqueueDelivery } from './enqueue-delivery.js';
import { createOutboxWorker } from './outbox-worker.js';
import { createWebhookTransport } from './webhook-transport.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const postgres = await findTestPostgres(
  process.env.TEST_DATABASE_URL,
  'The outbox PostgreSQL tests',
);

describe.skipIf(!postgres.url)('the outbox on PostgreSQL, shared by several processes', () => {
  const schema = `agent_service_outbox_${Date.now().toString(36)}`;
  let admin: Database;
  const processes: Database[] = [];
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    const url = postgres.url as string;
    admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    // Each "process" has its own connection pool, as separate service processes do.
    for (let index = 0; index < 3; index += 1) {
      processes.push(await createPgDatabase({ databaseUrl: scoped }));
    }
    await migrate(processes[0] as Database);
    await (processes[0] as Database).query(
      `INSERT INTO organizations (id, name) VALUES ('org', 'Acme')`,
    );
    receiver = await startWebhookReceiver(SECRET);
  });

  afterAll(async () => {
    await receiver?.close();
    for (const database of processes) await database.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  it('delivers each row exactly once, however the workers race for them', async () => {
    const rows = 60;
    for (let index = 0; index < rows; index += 1) {
      const eventId = `event-${index}`;
      await enqueueDelivery(
        processes[0] as Database,
        {
          organizationId: 'org',
          kind: 'webhook',
          topic: 'datasource.synched',
          summary: eventId,
          payload: { url: receiver.url, eventId, body: JSON.stringify({ id: eventId }) },
        },
        new Date(),
      );
    }
    const workers = processes.map((database) =>
      createOutboxWorker({
        database,
        logger: silentLogger,
        webhook: createWebhookTransport({ secret: SECRET, allowPrivateUrls: true }),
        batchSize: 3,
        pollMs: 10,
      }),
    );
    try {
      await expect
        .poll(
          async () =>
            (
              await (processes[0] as Database).query<{ delivered: number }>(
                `SELECT count(*)::int AS delivered FROM outbox WHERE status = 'delivered'`,
              )
            )[0]?.delivered,
          { timeout: 20_000 },
        )
        .toBe(rows);
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
    expect(receiver.received).toHaveLength(rows);
    expect(new Set(receiver.received.map((delivery) => delivery.event.id)).size).toBe(rows);
    const attempts = await (processes[0] as Database).query<{ attempts: number }>(
      'SELECT DISTINCT attempts FROM outbox',
    );
    expect(attempts).toEqual([{ attempts: 1 }]);
  });
});

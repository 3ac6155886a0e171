import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import type { Database } from '../store/index.js';
import { createTestDatabase } from '../testing/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { enqueueDelivery } from './enqueue-delivery.js';
import { listDeliveries } from './list-deliveries.js';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker.js';
import { createWebhookTransport } from './webhook-transport.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const ORG = 'org-outbox';

let database: Database;
let receiver: WebhookReceiver;
const stops: (() => Promise<void>)[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  await database.query(`INSERT INTO organizations (id, name) VALUES ($1, 'Acme')`, [ORG]);
});

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await database.close();
});

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-03-01T12:00:00Z')) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

function startWorker(
  options: Partial<Parameters<typeof createOutboxWorker>[0]> & { now?: () => number } = {},
  allowPrivateUrls = true,
): OutboxWorker {
  const worker = createOutboxWorker({
    database,
    logger: silentLogger,
    webhook: createWebhookTransport({
      secret: SECRET,
      allowPrivateUrls,
      timeoutMs: 2_000,
      ...(options.now ? { now: options.now } : {}),
    }),
    // Only a wake or idle() makes it look: the test decides when time passes.
    pollMs: 3_600_000,
    ...options,
  });
  stops.push(() => worker.stop());
  return worker;
}

async function queueEvent(url: string, now: number, index = 0): Promise<string> {
  const eventId = `event-${index}`;
  const body = JSON.stringify({ id: eventId, type: 'datasource.synched', index });
  return enqueueDelivery(
    database,
    {
      organizationId: ORG,
      kind: 'webhook',
      topic: 'datasource.synched',
      summary: eventId,
      payload: { url: `${url}?token=hidden`, eventId, body },
    },
    new Date(now),
  );
}

const log = async () => (await listDeliveries(database, ORG, {})).deliveries;

describe('the outbox worker', () => {
  it('retries a failing receiver with exponential backoff on its clock, then delivers, signed each time', async () => {
    const clock = manualClock();
    receiver = await startWebhookReceiver(SECRET, clock.now);
    stops.push(() => receiver.close());
    receiver.answerNext(503, 500);
    const worker = startWorker({ now: clock.now, baseDelayMs: 60_000 });
    await queueEvent(receiver.url, clock.now());

    await worker.idle();
    expect(receiver.received.map((delivery) => delivery.status)).toEqual([503]);
    let [row] = await log();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      nextAttemptAt: new Date(clock.now() + 60_000).toISOString(),
      target: `${receiver.url}`,
    });
    expect(row?.lastError).toMatch(/HTTP 503/);

    // Not due yet: looking again sends nothing.
    await worker.idle();
    expect(receiver.received).toHaveLength(1);

    clock.advance(60_000);
    await worker.idle();
    expect(receiver.received.map((delivery) => delivery.status)).toEqual([503, 500]);
    [row] = await log();
    expect(row?.nextAttemptAt).toBe(new Date(clock.now() + 120_000).toISOString());

    clock.advance(119_000);
    await worker.idle();
    expect(receiver.received).toHaveLength(2);
    clock.advance(1_000);
    await worker.idle();
    expect(receiver.received.map((delivery) => delivery.status)).toEqual([503, 500, 200]);
    [row] = await log();
    expect(row).toMatchObject({
      status: 'delivered',
      attempts: 3,
      nextAttemptAt: null,
      lastError: null,
      deliveredAt: new Date(clock.now()).toISOString(),
    });
    expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
    expect(new Set(receiver.received.map((d) => d.headers['x-agent-chat-event-id']))).toEqual(
      new Set(['event-0']),
    );
    // Each attempt is signed at its own time.
    expect(receiver.received.map((d) => d.headers['x-agent-chat-timestamp'])).toEqual(
      [0, 60, 180].map((seconds) => String(Date.parse('2026-03-01T12:00:00Z') / 1000 + seconds)),
    );
    // A delivered row keeps no payload (visitors' words), only what the log shows.
    const stored = await database.query<{ payload: unknown }>('SELECT payload FROM outbox');
    expect(stored[0]?.payload).toEqual({});
  });

  it('marks a row failed after maxAttempts, and at once on a final answer (4xx)', async () => {
    const clock = manualClock();
    receiver = await startWebhookReceiver(SECRET, clock.now);
    stops.push(() => receiver.close());
    const warnings: string[] = [];
    const worker = startWorker({
      now: clock.now,
      baseDelayMs: 1_000,
      maxAttempts: 3,
      logger: {
        ...silentLogger,
        warn: (details, message) => warnings.push(`${message} ${JSON.stringify(details)}`),
      },
    });
    receiver.answerNext(500, 500, 500, 410);
    await queueEvent(receiver.url, clock.now(), 1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await worker.idle();
      clock.advance(10_000);
    }
    await worker.idle();
    expect(receiver.received).toHaveLength(3);
    let [row] = await log();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, nextAttemptAt: null });
    expect(row?.lastError).toMatch(/HTTP 500/);

    await queueEvent(receiver.url, clock.now(), 2);
    await worker.idle();
    [row] = await log();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/HTTP 410/);
    const payloads = await database.query<{ payload: unknown }>('SELECT payload FROM outbox');
    expect(payloads.map((stored) => stored.payload)).toEqual([{}, {}]);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).not.toContain(SECRET);
    expect(await listDeliveries(database, ORG, { status: 'failed', limit: 1 })).toMatchObject({
      deliveries: [{ summary: 'event-2' }],
      nextCursor: expect.any(String),
    });
  });

  it('refuses a receiver on a private address unless allowed, as the crawler does', async () => {
    receiver = await startWebhookReceiver(SECRET);
    stops.push(() => receiver.close());
    const worker = startWorker({}, false);
    await queueEvent(receiver.url, Date.now(), 3);
    await worker.idle();
    const [row] = await log();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/private addresses are not fetched/);
    expect(receiver.received).toHaveLength(0);
  });

  it('delivers each row once with several workers on one database (SKIP LOCKED claims)', async () => {
    receiver = await startWebhookReceiver(SECRET);
    stops.push(() => receiver.close());
    const rows = 30;
    for (let index = 0; index < rows; index += 1) await queueEvent(receiver.url, Date.now(), index);
    const workers = [
      startWorker({ batchSize: 4 }),
      startWorker({ batchSize: 4 }),
      startWorker({ batchSize: 4 }),
    ];
    await Promise.all(workers.map((worker) => worker.idle()));
    await expect
      .poll(
        async () =>
          (await listDeliveries(database, ORG, { status: 'delivered', limit: 100 })).deliveries
            .length,
      )
      .toBe(rows);
    expect(receiver.received).toHaveLength(rows);
    expect(new Set(receiver.received.map((delivery) => delivery.event.id)).size).toBe(rows);
  });

  it('deletes delivered and failed rows from the log after keepMs, never pending ones', async () => {
    const clock = manualClock();
    receiver = await startWebhookReceiver(SECRET, clock.now);
    stops.push(() => receiver.close());
    const day = 86_400_000;
    const worker = startWorker({ now: clock.now, keepMs: 30 * day });
    await queueEvent(receiver.url, clock.now(), 5);
    await worker.idle();
    receiver.answerNext(503);
    await queueEvent(receiver.url, clock.now(), 6);
    await worker.idle();
    expect((await log()).map((row) => row.status)).toEqual(['pending', 'delivered']);
    clock.advance(29 * day);
    // Due again (backoff) but refused: still pending, the delivered one too young to go.
    receiver.answerNext(503);
    await worker.idle();
    expect(await log()).toHaveLength(2);
    clock.advance(2 * day);
    receiver.answerNext(503);
    await worker.idle();
    expect((await log()).map((row) => [row.summary, row.status])).toEqual([['event-6', 'pending']]);
  });

  it('stops cleanly: nothing is claimed after stop()', async () => {
    receiver = await startWebhookReceiver(SECRET);
    stops.push(() => receiver.close());
    const worker = startWorker({ pollMs: 10 });
    await worker.stop();
    await queueEvent(receiver.url, Date.now(), 4);
    worker.wake();
    await worker.idle();
    expect((await log())[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(receiver.received).toHaveLength(0);
  });
});

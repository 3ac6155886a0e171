import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService } from '../agent-service.js';
import { runCli } from '../cli/index.js';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../testing/conversation-fixture.js';
import { captureCliIo } from '../testing/index.js';
import { deleteExpiredConversations } from './retention.js';

const DAY = 86_400_000;
// The server's own sweeps follow this clock: far in the past until the scheduled test moves
// it, so they never race the first test's explicit sweeps.
let clock = Date.now() - 100 * DAY;
/** How often the service has read the clock: each sweep reads it once. */
let clockReads = 0;
let fixture: ConversationFixture;

async function conversationAged(id: string, days: number) {
  // One transaction: the server's retention sweep (every 50 ms) must not delete the aged
  // conversation between its two inserts.
  await fixture.service.database.transaction(async (transaction) => {
    await transaction.query(
      `INSERT INTO conversations (organization_id, id, agent_id, visitor_id, updated_at)
       VALUES ($1, $2, $3, 'old-visitor', now() - $4 * interval '1 day')`,
      [fixture.organizationId, id, fixture.agentId, days],
    );
    await transaction.query(
      `INSERT INTO messages (id, organization_id, conversation_id, role, text)
       VALUES ($1, $2, $3, 'user', 'hello')`,
      [`${id}-m`, fixture.organizationId, id],
    );
  });
}

const exists = async (id: string) =>
  (
    await fixture.service.database.query(
      `SELECT 1 FROM conversations WHERE id = $1
       UNION ALL SELECT 1 FROM messages WHERE conversation_id = $1`,
      [id],
    )
  ).length;

beforeAll(async () => {
  fixture = await startConversationFixture({
    conversationRetentionDays: 30,
    retentionIntervalMs: 50,
    now: () => {
      clockReads += 1;
      return clock;
    },
  });
});

afterAll(async () => {
  await fixture.service.close();
});

describe('conversation retention', () => {
  it('deletes conversations inactive for longer than the retention, with their messages', async () => {
    await conversationAged('aged-40', 40);
    await conversationAged('aged-10', 10);
    expect(await deleteExpiredConversations(fixture.service.database, 30, Date.now())).toBe(1);
    expect(await exists('aged-40')).toBe(0);
    expect(await exists('aged-10')).toBe(2);
    expect(
      await deleteExpiredConversations(fixture.service.database, 30, Date.now() + 25 * DAY),
    ).toBe(1);
    expect(await exists('aged-10')).toBe(0);
  });

  it("deletes the contacts that follow expired conversations, and keeps a visitor's who is still talking", async () => {
    const contact = async (id: string, visitorId: string, days: number) =>
      fixture.service.database.query(
        `INSERT INTO contacts (organization_id, id, agent_id, visitor_id, email, updated_at)
         VALUES ($1, $2, $3, $4, 'x@example.com', now() - $5 * interval '1 day')`,
        [fixture.organizationId, id, fixture.agentId, visitorId, days],
      );
    await conversationAged('gone-conversation', 40);
    await contact('gone', 'old-visitor', 40);
    await contact('recent', 'recent-visitor', 5);
    await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'refunds',
      visitorId: 'still-talking',
    });
    await contact('talking', 'still-talking', 40);
    await conversationAged('linked-conversation', 40);
    await contact('linked', 'recent-linked', 5);
    await fixture.service.database.query(
      "UPDATE contacts SET conversation_id = 'linked-conversation' WHERE id = 'linked'",
    );
    await deleteExpiredConversations(fixture.service.database, 30, Date.now());
    const left = await fixture.service.database.query<{
      id: string;
      conversation_id: string | null;
    }>('SELECT id, conversation_id FROM contacts ORDER BY id');
    expect(left).toEqual([
      { id: 'linked', conversation_id: null },
      { id: 'recent', conversation_id: null },
      { id: 'talking', conversation_id: null },
    ]);
    await fixture.service.database.query('DELETE FROM contacts');
  });

  it('runs on a schedule in the server, following its clock', async () => {
    const answer = await fixture.call('POST', `/api/agents/${fixture.agentId}/query`, {
      query: 'refunds',
      visitorId: 'scheduled',
    });
    const id = answer.body.conversationId;
    // Sweeps at the old clock keep it. Sweeps run one after another and read the clock as
    // they start (nothing else does after the answer): a third read means two have finished.
    const readsBefore = clockReads;
    await expect.poll(() => clockReads - readsBefore).toBeGreaterThanOrEqual(3);
    expect(await exists(id)).toBe(3);
    clock = Date.now() + 31 * DAY;
    await expect.poll(() => exists(id), { timeout: 5_000, interval: 50 }).toBe(0);
  });

  it('refuses a retention that is not a positive number of days', async () => {
    await expect(deleteExpiredConversations(fixture.service.database, 0)).rejects.toThrow(
      /positive number of days/,
    );
  });
});

describe('agent-chat-service purge-conversations', () => {
  let cwd: string;
  beforeAll(async () => {
    cwd = await mkdtemp(path.join(tmpdir(), 'agent-service-purge-'));
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });

  it('deletes expired conversations once, from the data directory', async () => {
    const service = await createAgentService({ dataDir: path.join(cwd, 'store') });
    const { organizationId } = await service.createOrganization('Old');
    await service.database.query(
      `INSERT INTO conversations (organization_id, id, visitor_id, updated_at) VALUES
         ($1, 'stale', 'v', now() - interval '91 days'), ($1, 'fresh', 'v', now())`,
      [organizationId],
    );
    await service.close();
    const { io, out, err } = captureCliIo({ env: { DATA_DIR: 'store' }, cwd });
    expect(await runCli(['purge-conversations', '--days', '90'], io)).toBe(0);
    expect(out()).toBe('Deleted 1 conversation(s) inactive for more than 90 day(s).\n');
    expect(await runCli(['purge-conversations'], io)).toBe(2);
    expect(err()).toMatch(/--days <n>/);
    const again = await createAgentService({ dataDir: path.join(cwd, 'store') });
    expect(await again.database.query('SELECT id FROM conversations')).toEqual([{ id: 'fresh' }]);
    await again.close();
  });
});

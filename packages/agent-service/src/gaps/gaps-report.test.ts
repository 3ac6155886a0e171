import type { GapTopicsResponse, QueryResponse } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentService } from '../agent-service.js';
import { silentLogger } from '../logger.js';
import type { ConversationFixture } from '../testing/conversation-fixture.js';
import {
  askAgent,
  type NotifiedFixture,
  NOTIFIED_WEBHOOK_SECRET as SECRET,
  startNotifiedFixture,
} from '../testing/notified-fixture.js';
import type { SmtpTestServer } from '../testing/smtp-test-server.js';
import { createTestDatabase } from '../testing/test-database.js';
import type { WebhookReceiver } from '../testing/webhook-receiver.js';
import { createGapsReporter } from './gaps-report.js';

const CONSOLE = 'https://chat.example.com/admin/';
const DAY_MS = 86_400_000;

let notified: NotifiedFixture | undefined;
let smtp: SmtpTestServer;
let receiver: WebhookReceiver;
let fixture: ConversationFixture;
/** The service's clock runs this far ahead of the real one. */
let ahead = 0;
const now = () => Date.now() + ahead;

let visitors = 0;
const ask = (query: string): Promise<QueryResponse> => askAgent(fixture, query, `v${++visitors}`);

/** Asks `query`, then moves its conversation `days` back. */
async function askedDaysAgo(query: string, days: number): Promise<void> {
  const { conversationId } = await ask(query);
  await fixture.service.database.query(
    `UPDATE messages SET created_at = created_at - $2::int * interval '1 day'
     WHERE conversation_id = $1`,
    [conversationId, days],
  );
}

const reportsOf = () =>
  receiver.received.filter((delivery) => delivery.event.type === 'gaps.report');
const reportMails = () =>
  smtp.mails.filter((mail) => mail.headers.get('subject')?.startsWith('Content gaps:'));

beforeAll(async () => {
  notified = await startNotifiedFixture({
    notifyEmail: 'owner@example.com',
    mailFrom: 'Acme support <support@example.com>',
    publicConsoleUrl: CONSOLE,
    gapsReport: 'weekly',
    now,
  });
  ({ smtp, receiver, fixture } = notified);
  // Growing: 3 questions this week, 1 the week before. New: 2 this week.
  for (const question of [
    'Is SAML SSO available?',
    'How do I set up SAML SSO with Okta?',
    'SAML SSO with Azure AD',
  ]) {
    await ask(question);
  }
  await askedDaysAgo('Which plan includes SAML SSO?', 10);
  await ask('Can I host a websocket server?');
  await ask('websocket connection closes after a few seconds');
  // Shrinking (1 now, 2 before): not reported.
  await ask('Do you have a student discount?');
  await askedDaysAgo('student discount for university', 9);
  await askedDaysAgo('Is there a student discount?', 12);
  // New but answered already: not reported.
  await ask('Do you sell gift cards?');
  await ask('gift cards for christmas');
  const listed = await fixture.call('GET', `/api/insights/gaps?agentId=${fixture.agentId}`);
  const gifts = (listed.body as GapTopicsResponse).topics.find((topic) =>
    topic.label.includes('gift'),
  );
  const answered = await fixture.call('POST', '/api/insights/gaps/answer', {
    agentId: fixture.agentId,
    topicId: gifts?.id,
    question: 'Do you sell gift cards?',
    answer: 'Yes, from 10 to 200 euros.',
  });
  expect(answered.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await notified?.close();
});

describe('the weekly content-gaps report (GAPS_REPORT=weekly)', () => {
  it('mails the owner the new or growing topics with console links, and posts a signed gaps.report', async () => {
    const reporter = fixture.service.gapsReport;
    if (!reporter) throw new Error('no reporter');
    expect(await reporter.runDue()).toEqual([
      { organizationId: fixture.organizationId, topics: 2 },
    ]);
    await fixture.service.outbox?.idle();
    await expect.poll(() => reportMails().length).toBe(1);

    // The ids are the topics' ids in the console's list (the default 30 days).
    const listed = await fixture.call('GET', `/api/insights/gaps?agentId=${fixture.agentId}`);
    const byLabel = (word: string) =>
      (listed.body as GapTopicsResponse).topics.find((topic) => topic.label.includes(word));
    const sso = byLabel('sso');
    const sockets = byLabel('websocket');
    if (!sso || !sockets) throw new Error('topics missing');

    const [mail] = reportMails();
    expect(mail?.envelope).toEqual({ from: 'support@example.com', to: ['owner@example.com'] });
    expect(mail?.headers.get('subject')).toBe(
      'Content gaps: 2 new or growing topics this week (Acme)',
    );
    const text = mail?.text ?? '';
    expect(text).toMatch(/^The questions your agents could not answer from \d{4}-\d\d-\d\d to /);
    expect(text).toContain(`1. ${sso.label} — 3 questions (up from 1) — Helper`);
    expect(text).toContain(`2. ${sockets.label} — 2 questions (new) — Helper`);
    expect(text).toContain(`   ${CONSOLE}#insights/${fixture.agentId}/${sso.id}`);
    expect(text).toContain(`   ${CONSOLE}#insights/${fixture.agentId}/${sockets.id}`);
    expect(text).not.toMatch(/student|gift/i);

    await expect.poll(() => reportsOf().length).toBe(1);
    const [event] = reportsOf();
    expect(event?.verified).toBe(true);
    expect(event?.event).toMatchObject({
      type: 'gaps.report',
      organizationId: fixture.organizationId,
      data: {
        from: expect.any(String),
        to: expect.any(String),
        topics: [
          {
            agentId: fixture.agentId,
            agentName: 'Helper',
            id: sso.id,
            label: sso.label,
            typicalQuestion: sso.typicalQuestion,
            count: 3,
            previousCount: 1,
            trend: 'up',
            consoleUrl: `${CONSOLE}#insights/${fixture.agentId}/${sso.id}`,
          },
          { id: sockets.id, count: 2, previousCount: 0, trend: 'new' },
        ],
      },
    });
    const data = event?.event.data as { from: string; to: string };
    expect(Date.parse(data.to) - Date.parse(data.from)).toBe(7 * DAY_MS);
  });

  it('is not sent twice: not again the same week, nor after a restart, nor on a replica', async () => {
    const reporter = fixture.service.gapsReport;
    if (!reporter) throw new Error('no reporter');
    expect(await reporter.runDue()).toEqual([]);
    // What a restart (or another process on the same database) starts with: nothing but the database.
    const restarted = createGapsReporter({
      database: fixture.service.database,
      notifier: fixture.service.notifier,
      now,
      logger: silentLogger,
    });
    try {
      expect(await restarted.runDue()).toEqual([]);
      ahead = 6 * DAY_MS;
      expect(await restarted.runDue()).toEqual([]);
      expect(await reporter.runDue()).toEqual([]);
      // A week later the next one is due, once: its week holds no new or growing topic
      // (this week's questions are its previous period), so it sends nothing.
      ahead = 7 * DAY_MS + 60_000;
      const [first, second] = await Promise.all([reporter.runDue(), restarted.runDue()]);
      expect([...first, ...second]).toEqual([
        { organizationId: fixture.organizationId, topics: 0 },
      ]);
      expect(await reporter.runDue()).toEqual([]);
    } finally {
      ahead = 0;
      await restarted.stop();
    }
    await fixture.service.outbox?.idle();
    expect(reportMails()).toHaveLength(1);
    expect(reportsOf()).toHaveLength(1);
  });
});

describe('without somewhere to send it', () => {
  it('is off by default: no reporter, even with mail and events configured', async () => {
    const service = await createAgentService({
      database: await createTestDatabase(),
      smtpUrl: 'smtp://127.0.0.1:9',
      notifyEmail: 'owner@example.com',
      webhook: { url: 'https://hooks.example/events', secret: SECRET },
    });
    expect(service.gapsReport).toBeUndefined();
    await service.close();
  });

  it('refuses GAPS_REPORT=weekly without mail to the owner or a webhook', async () => {
    const database = await createTestDatabase();
    await expect(createAgentService({ database, gapsReport: 'weekly' })).rejects.toThrow(
      /GAPS_REPORT=weekly\) needs somewhere to go/,
    );
    await expect(
      createAgentService({
        database,
        gapsReport: 'weekly',
        smtpUrl: 'smtp://127.0.0.1:9',
        mailFrom: 'support@example.com',
      }),
    ).rejects.toThrow(/NOTIFY_EMAIL/);
    await database.close();
  });
});

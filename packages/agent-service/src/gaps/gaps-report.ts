import type { GapsReportTopic, GapTopic } from '@agent-chat/protocol';
import type { Logger } from '../logger.js';
import { gapTopicLink, type Notifier } from '../notifications/index.js';
import type { Database } from '../store/index.js';
import { type GapTopicsContext, gapTopicsOfRange } from './gap-topics.js';

const DAY_MS = 86_400_000;
/** Topics a report lists at most. */
export const REPORTED_TOPICS = 10;

/** Options of {@link createGapsReporter}. */
export interface GapsReporterOptions extends GapTopicsContext {
  database: Database;
  /** Queues the report's event and mail (inside the transaction that records it). */
  notifier: Pick<Notifier, 'gapsReport' | 'wake'>;
  /** The console's address (`PUBLIC_CONSOLE_URL`), for the topics' links. */
  publicConsoleUrl?: string | undefined;
  /** The clock reports are due by, and cover the 7 days before. */
  now: () => number;
  logger: Logger;
  /** Time between two reports of an organization, ms. Default 7 days. */
  intervalMs?: number;
  /** How often due reports are looked for, ms (the first time one minute after start). Default 1 hour. */
  checkEveryMs?: number;
}

/** What {@link GapsReporter.runDue} did for one organization. */
export interface GapsReportResult {
  organizationId: string;
  /** Topics reported (0: none new or growing, nothing sent; the next is due a week later). */
  topics: number;
}

/** The weekly content-gaps report (`GAPS_REPORT=weekly`), owned by the service. */
export interface GapsReporter {
  /**
   * Sends the reports that are due now (the service's clock): each organization with an
   * agent, a week after its last report (its first at the first check). Returns what was
   * reported; an organization another process reported meanwhile is left out.
   */
  runDue(): Promise<GapsReportResult[]>;
  /** Stops the checks (a run under way finishes). */
  stop(): Promise<void>;
}

/** An organization's top new or growing topics of a range, across its agents. */
async function reportedTopics(
  options: GapsReporterOptions,
  organizationId: string,
  range: { from: string; to: string; previousFrom: string },
  now: number,
): Promise<GapsReportTopic[]> {
  const agents = await options.database.query<{ id: string; name: string }>(
    'SELECT id, name FROM agents WHERE organization_id = $1 ORDER BY seq',
    [organizationId],
  );
  const found: (GapsReportTopic & { lastSeen: string })[] = [];
  for (const agent of agents) {
    const { topics } = await gapTopicsOfRange(
      options,
      organizationId,
      agent.id,
      range,
      { from: range.from, to: range.to },
      now,
    );
    for (const topic of topics) {
      if (topic.answered !== null || (topic.trend !== 'new' && topic.trend !== 'up')) continue;
      found.push(reported(options, agent, topic as GapTopic & { trend: 'new' | 'up' }));
    }
  }
  found.sort(
    (x, y) =>
      y.count - x.count ||
      y.count - y.previousCount - (x.count - x.previousCount) ||
      (x.lastSeen < y.lastSeen ? 1 : x.lastSeen > y.lastSeen ? -1 : 0),
  );
  return found.slice(0, REPORTED_TOPICS).map(({ lastSeen: _, ...topic }) => topic);
}

function reported(
  options: GapsReporterOptions,
  agent: { id: string; name: string },
  topic: GapTopic & { trend: 'new' | 'up' },
): GapsReportTopic & { lastSeen: string } {
  return {
    agentId: agent.id,
    agentName: agent.name,
    id: topic.id,
    label: topic.label,
    typicalQuestion: topic.typicalQuestion,
    count: topic.count,
    previousCount: topic.previousCount,
    trend: topic.trend,
    consoleUrl: gapTopicLink(options.publicConsoleUrl, agent.id, topic.id),
    lastSeen: topic.lastSeen,
  };
}

/**
 * Creates the weekly content-gaps reporter: every {@link GapsReporterOptions.checkEveryMs}
 * it looks for organizations whose last report is a week old (`gap_reports`, migration 22)
 * and, for each, groups its agents' gaps of the last 7 days and sends the top
 * {@link REPORTED_TOPICS} new or growing topics not answered yet — a mail to the operator
 * and a signed `gaps.report` event, queued in the outbox. Recording the report and queueing
 * it are one transaction whose conditional upsert only one process wins: a restart or
 * another replica never sends a week's report twice. Tests call `runDue()` with a clock of
 * their own instead of waiting.
 */
export function createGapsReporter(options: GapsReporterOptions): GapsReporter {
  const intervalMs = options.intervalMs ?? 7 * DAY_MS;
  const checkEveryMs = options.checkEveryMs ?? 3_600_000;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function runDue(): Promise<GapsReportResult[]> {
    const now = options.now();
    const due = new Date(now - intervalMs);
    const organizations = await options.database.query<{ id: string; name: string }>(
      `SELECT o.id, o.name FROM organizations o
       WHERE EXISTS (SELECT 1 FROM agents a WHERE a.organization_id = o.id)
         AND NOT EXISTS (SELECT 1 FROM gap_reports r
                         WHERE r.organization_id = o.id AND r.sent_at > $1::timestamptz)
       ORDER BY o.id`,
      [due],
    );
    const results: GapsReportResult[] = [];
    for (const organization of organizations) {
      const to = new Date(now).toISOString();
      const range = {
        from: new Date(now - intervalMs).toISOString(),
        to,
        previousFrom: new Date(now - 2 * intervalMs).toISOString(),
      };
      const topics = await reportedTopics(options, organization.id, range, now);
      const claimed = await options.database.transaction(async (transaction) => {
        const rows = await transaction.query(
          `INSERT INTO gap_reports (organization_id, sent_at) VALUES ($1, $2)
           ON CONFLICT (organization_id) DO UPDATE SET sent_at = EXCLUDED.sent_at
             WHERE gap_reports.sent_at <= $3::timestamptz
           RETURNING organization_id`,
          [organization.id, new Date(now), due],
        );
        if (rows.length === 0) return false;
        if (topics.length > 0) {
          await options.notifier.gapsReport(transaction, organization.id, {
            organizationName: organization.name,
            from: range.from,
            to,
            topics,
          });
        }
        return true;
      });
      if (claimed) results.push({ organizationId: organization.id, topics: topics.length });
    }
    if (results.some((result) => result.topics > 0)) options.notifier.wake();
    return results;
  }

  const check = () => {
    if (stopped) return;
    running = runDue().then(
      (results) => {
        for (const result of results) {
          options.logger.info(
            { event: 'gaps.report', ...result },
            result.topics > 0
              ? `content-gaps report sent: ${result.topics} topics`
              : 'content-gaps report: no new or growing topic this week',
          );
        }
      },
      (error: unknown) =>
        options.logger.warn(
          { err: error },
          'content-gaps report failed; retried at the next check',
        ),
    );
  };
  const first = setTimeout(check, Math.min(60_000, checkEveryMs));
  const timer = setInterval(check, checkEveryMs);
  first.unref();
  timer.unref();

  return {
    runDue,
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}

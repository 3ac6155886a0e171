import { commitOutcomes, type IngestionOutcome, type PendingOutcome } from './commit-result.js';
import { completeSync, logSync, type SyncCompletion, type SyncCounts } from './complete-sync.js';
import { ingestWebSite } from './ingest-web-site.js';
import type { DatasourceRecord, IngestionContext } from './ingestion-context.js';
import { type ClaimedJob, createBatchFence, LostLeaseError } from './job-queue.js';
import {
  PREVIOUS_CONTENT_COLUMNS,
  type PreviousContentRow,
  previousContentOf,
} from './previous-content.js';
import { describeFailure, produceOutcome } from './produce-outcome.js';

/** Types whose ingestion is a sync of a web source (with a summary and maybe a schedule). */
const WEB_TYPES: readonly string[] = ['web_page', 'web_site'];

/** Claims after which a job whose worker keeps dying is given up (its datasource in `error`). */
const MAX_ATTEMPTS = 3;

/** Reads datasources as the jobs need them, in one query, by id (deleted ones are absent). */
async function readDatasourceRecords(
  context: IngestionContext,
  datasourceIds: readonly string[],
): Promise<Map<string, DatasourceRecord>> {
  const rows = await context.database.query<
    {
      id: string;
      organization_id: string;
      datastore_id: string;
      type: string;
      name: string;
      config: Record<string, unknown> | null;
      text: string;
    } & PreviousContentRow
  >(
    `SELECT d.id, d.organization_id, d.datastore_id, d.type, d.name, d.config, d.text,
       ${PREVIOUS_CONTENT_COLUMNS}
     FROM datasources d WHERE d.id = ANY($1::text[])`,
    [[...datasourceIds]],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        organizationId: row.organization_id,
        datastoreId: row.datastore_id,
        type: row.type,
        name: row.name,
        config: row.config ?? {},
        text: row.text,
        previous: WEB_TYPES.includes(row.type) ? previousContentOf(row) : undefined,
      },
    ]),
  );
}

/** What a job produced; `counts` for a site (its pages'), computed after the commit otherwise. */
interface JobResult {
  outcome: IngestionOutcome;
  counts?: SyncCounts;
}

async function outcomeOf(
  context: IngestionContext,
  job: ClaimedJob,
  record: DatasourceRecord,
  signal: AbortSignal,
): Promise<JobResult> {
  if (job.attempts > MAX_ATTEMPTS) {
    return {
      outcome: {
        ok: false,
        // A web source keeps what it had (its pages were not read); other content was replaced.
        keepContent: WEB_TYPES.includes(record.type),
        message: `Ingestion was interrupted ${MAX_ATTEMPTS} times (its worker stopped or crashed); synch the datasource to try again.`,
      },
    };
  }
  try {
    return record.type === 'web_site'
      ? await ingestWebSite(context, record, signal)
      : { outcome: await produceOutcome(context, record, signal) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { outcome: { ok: false, message: describeFailure(error) } };
  }
}

/** A single web page's sync, counted once its outcome is written. */
function pageCounts(
  record: DatasourceRecord,
  outcome: IngestionOutcome,
  rewritten: boolean,
): SyncCounts {
  const counts: SyncCounts = { added: 0, changed: 0, unchanged: 0, removed: 0, failed: 0 };
  if (!outcome.ok) {
    counts.failed = 1;
    if (record.previous !== undefined && outcome.keepContent !== true) counts.removed = 1;
  } else if (record.previous === undefined) counts.added = 1;
  else if (rewritten) counts.changed = 1;
  else counts.unchanged = 1;
  return counts;
}

/**
 * Runs claimed ingestion jobs: reads their datasources, produces each one's chunks (or, for
 * a `web_site`, crawls it) and commits the outcomes in one transaction, each fenced by its
 * job's lease (a job taken over by another worker is left to that worker). A failure
 * becomes the datasource's `error` status with the reason; jobs aborted because the service
 * stops (or lost their lease) write nothing and are taken up again.
 */
export async function runIngestionJobs(
  context: IngestionContext,
  jobs: readonly ClaimedJob[],
  workerId: string,
  signal: AbortSignal,
): Promise<void> {
  const entries: PendingOutcome[] = [];
  const records = await readDatasourceRecords(
    context,
    jobs.map((job) => job.datasourceId),
  );
  const fence = createBatchFence(jobs, workerId);
  const completions: SyncCompletion[] = [];
  for (const job of jobs) {
    const record = records.get(job.datasourceId);
    if (!record) continue;
    const started = performance.now();
    const { outcome, counts } = await outcomeOf(context, job, record, signal);
    if (signal.aborted) throw signal.reason;
    const seconds = (performance.now() - started) / 1000;
    entries.push({
      target: record,
      outcome,
      fence: fence(job),
      ...(WEB_TYPES.includes(record.type)
        ? {
            async afterWrite(transaction, { rewritten }) {
              const completion = await completeSync(transaction, {
                datasourceId: record.id,
                ok: outcome.ok,
                message: outcome.ok ? undefined : outcome.message,
                counts: counts ?? pageCounts(record, outcome, rewritten),
                seconds,
              });
              if (completion) completions.push(completion);
            },
          }
        : {}),
    });
  }
  await commitOutcomes(context, entries, LostLeaseError, context.onCommitted);
  for (const completion of completions) {
    logSync(context.logger, completion);
    context.onSync?.(completion);
  }
}

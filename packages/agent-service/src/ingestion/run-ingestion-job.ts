import { commitOutcomes, type IngestionOutcome, type PendingOutcome } from './commit-result.js';
import { ingestWebSite } from './ingest-web-site.js';
import type { DatasourceRecord, IngestionContext } from './ingestion-context.js';
import { type ClaimedJob, createBatchFence, LostLeaseError } from './job-queue.js';
import { describeFailure, produceOutcome } from './produce-outcome.js';

/** Claims after which a job whose worker keeps dying is given up (its datasource in `error`). */
const MAX_ATTEMPTS = 3;

/** Reads datasources as the jobs need them, in one query, by id (deleted ones are absent). */
async function readDatasourceRecords(
  context: IngestionContext,
  datasourceIds: readonly string[],
): Promise<Map<string, DatasourceRecord>> {
  const rows = await context.database.query<{
    id: string;
    organization_id: string;
    datastore_id: string;
    type: string;
    name: string;
    config: Record<string, unknown> | null;
    text: string;
  }>(
    `SELECT id, organization_id, datastore_id, type, name, config, text
     FROM datasources WHERE id = ANY($1::text[])`,
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
      },
    ]),
  );
}

async function outcomeOf(
  context: IngestionContext,
  job: ClaimedJob,
  record: DatasourceRecord,
  signal: AbortSignal,
): Promise<IngestionOutcome> {
  if (job.attempts > MAX_ATTEMPTS) {
    return {
      ok: false,
      message: `Ingestion was interrupted ${MAX_ATTEMPTS} times (its worker stopped or crashed); synch the datasource to try again.`,
    };
  }
  try {
    return record.type === 'web_site'
      ? await ingestWebSite(context, record, signal)
      : await produceOutcome(context, record, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, message: describeFailure(error) };
  }
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
  for (const job of jobs) {
    const record = records.get(job.datasourceId);
    if (!record) continue;
    const outcome = await outcomeOf(context, job, record, signal);
    if (signal.aborted) throw signal.reason;
    entries.push({
      target: record,
      outcome,
      fence: fence(job),
    });
  }
  await commitOutcomes(context, entries, LostLeaseError, context.onCommitted);
}

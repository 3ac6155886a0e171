import { commitOutcome, type IngestionOutcome } from './commit-result.js';
import { ingestWebSite } from './ingest-web-site.js';
import type { DatasourceRecord, IngestionContext } from './ingestion-context.js';
import { type ClaimedJob, finishJob } from './job-queue.js';
import { describeFailure, produceOutcome } from './produce-outcome.js';

/** Claims after which a job whose worker keeps dying is given up (its datasource in `error`). */
const MAX_ATTEMPTS = 3;

/** Reads a datasource as the jobs need it; `undefined` when it was deleted meanwhile. */
export async function readDatasourceRecord(
  context: IngestionContext,
  datasourceId: string,
): Promise<DatasourceRecord | undefined> {
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
     FROM datasources WHERE id = $1`,
    [datasourceId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    organizationId: row.organization_id,
    datastoreId: row.datastore_id,
    type: row.type,
    name: row.name,
    config: row.config ?? {},
    text: row.text,
  };
}

/**
 * Runs one claimed ingestion job: reads its datasource, produces its chunks (or, for a
 * `web_site`, crawls it) and commits the outcome fenced by the job's lease. A failure
 * becomes the datasource's `error` status with the reason; a job aborted because the
 * service stops (or lost its lease) writes nothing and is taken up again.
 */
export async function runIngestionJob(
  context: IngestionContext,
  job: ClaimedJob,
  workerId: string,
  signal: AbortSignal,
): Promise<void> {
  const record = await readDatasourceRecord(context, job.datasourceId);
  if (!record) return;
  const fence = (transaction: Parameters<typeof finishJob>[0]) =>
    finishJob(transaction, job, workerId);
  let outcome: IngestionOutcome;
  if (job.attempts > MAX_ATTEMPTS) {
    outcome = {
      ok: false,
      message: `Ingestion was interrupted ${MAX_ATTEMPTS} times (its worker stopped or crashed); synch the datasource to try again.`,
    };
  } else {
    try {
      outcome =
        record.type === 'web_site'
          ? await ingestWebSite(context, record, signal)
          : await produceOutcome(context, record, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      outcome = { ok: false, message: describeFailure(error) };
    }
  }
  if (signal.aborted) throw signal.reason;
  await commitOutcome(context.database, record, outcome, fence);
}

import type { ChunkAnalysisPool } from '../lexical-index/index.js';
import type { Database, Queryable } from '../store/index.js';
import type { DocumentChunk } from './chunking/index.js';
import { writeDocumentsChunks } from './write-chunks.js';

/** What processing a datasource produced: chunks to store, or the reason it failed. */
export type IngestionOutcome =
  | {
      ok: true;
      chunks: readonly DocumentChunk[];
      /** SHA-256 of what the chunks were made from; unchanged → the stored chunks are kept. */
      contentHash: string;
      /** Fields merged into the datasource's `config` (e.g. `total_pages`, a page's `title`). */
      config?: Record<string, unknown>;
    }
  | { ok: false; message: string };

/** A datasource about to receive its outcome. */
export interface OutcomeTarget {
  id: string;
  datastoreId: string;
}

/** One outcome to store, with the check that its work is still the caller's. */
export interface PendingOutcome {
  target: OutcomeTarget;
  outcome: IngestionOutcome;
  /**
   * Runs first, inside the transaction: throws when the caller no longer owns the work (the
   * job's lease; see `createBatchFence`), resolves `false` when the datasource must be processed
   * again (left `pending`). Default: owned and finished.
   */
  fence?: (transaction: Queryable) => Promise<boolean>;
}

/** Where outcomes are written: the database, and the pool that analyses large batches. */
interface OutcomeStore {
  database: Database;
  chunkAnalysis?: ChunkAnalysisPool;
}

/** Called in the transaction with the datasources it settled for good (see `commitOutcomes`). */
type OnCommitted = (transaction: Queryable, datasourceIds: readonly string[]) => Promise<void>;

/** An outcome whose fence let it through, with the status it is written with. */
interface Admitted {
  target: OutcomeTarget;
  outcome: IngestionOutcome;
  /** `false`: left `pending` (the datasource must be processed again). */
  finished: boolean;
}

/**
 * Writes admitted outcomes with a fixed number of statements, whatever their count: one
 * content-hash look-up, one chunk replacement for every datasource whose chunks change (so
 * the term statistics are added once per batch), one status update for the successes and
 * one for the failures.
 */
async function writeOutcomes(
  transaction: Queryable,
  admitted: readonly Admitted[],
  pool: ChunkAnalysisPool | undefined,
): Promise<void> {
  const succeeded = admitted.filter(
    (entry): entry is Admitted & { outcome: Extract<IngestionOutcome, { ok: true }> } =>
      entry.outcome.ok,
  );
  const failed = admitted.filter((entry) => !entry.outcome.ok);
  const unchanged = new Set(
    succeeded.length === 0
      ? []
      : (
          await transaction.query<{ id: string }>(
            `SELECT d.id FROM datasources d
             JOIN unnest($1::text[], $2::text[]) AS n (id, hash) ON n.id = d.id
             WHERE d.content_hash = n.hash
               AND EXISTS (SELECT 1 FROM chunks c WHERE c.datasource_id = d.id)`,
            [
              succeeded.map((entry) => entry.target.id),
              succeeded.map((entry) => entry.outcome.contentHash),
            ],
          )
        ).map((row) => row.id),
  );
  await writeDocumentsChunks(
    transaction,
    [
      ...failed.map((entry) => ({ datasource: entry.target, chunks: [] })),
      ...succeeded
        .filter((entry) => !unchanged.has(entry.target.id))
        .map((entry) => ({ datasource: entry.target, chunks: entry.outcome.chunks })),
    ],
    pool,
  );
  if (failed.length > 0) {
    await transaction.query(
      `UPDATE datasources d SET status = CASE WHEN n.finished THEN 'error' ELSE 'pending' END,
         content_hash = NULL, updated_at = now(),
         config = d.config || jsonb_build_object('errorMessage', n.message)
       FROM unnest($1::text[], $2::text[], $3::boolean[]) AS n (id, message, finished)
       WHERE d.id = n.id`,
      [
        failed.map((entry) => entry.target.id),
        failed.map((entry) => (entry.outcome.ok ? '' : entry.outcome.message)),
        failed.map((entry) => entry.finished),
      ],
    );
  }
  if (succeeded.length > 0) {
    await transaction.query(
      `UPDATE datasources d SET status = CASE WHEN n.finished THEN 'synched' ELSE 'pending' END,
         content_hash = n.hash, last_synch = now(), updated_at = now(),
         config = (d.config - 'errorMessage') || n.config::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[]) AS n (id, hash, config, finished)
       WHERE d.id = n.id`,
      [
        succeeded.map((entry) => entry.target.id),
        succeeded.map((entry) => entry.outcome.contentHash),
        succeeded.map((entry) => JSON.stringify(entry.outcome.config ?? {})),
        succeeded.map((entry) => entry.finished),
      ],
    );
  }
}

/**
 * Stores outcomes in one transaction (a batch of jobs costs one commit). Each entry's
 * `fence` runs first; an entry whose fence throws `skip`'s error type (its lease was taken
 * over) is left out and the others are stored, any other error rolls everything back.
 * Success: chunks replaced (kept as they are when the content hash is unchanged and chunks
 * exist — re-ingesting an unchanged document is a no-op), status `synched`, `lastSynch`
 * set, `errorMessage` removed. Failure: status `error` with `config.errorMessage`, and no
 * chunks left (a failed update must not keep answering from the previous version).
 * `onCommitted` then gets the ids of the datasources settled for good (not left
 * `pending`), in the same transaction.
 */
export async function commitOutcomes(
  store: OutcomeStore,
  entries: readonly PendingOutcome[],
  skip?: abstract new (...args: never[]) => Error,
  onCommitted?: OnCommitted,
): Promise<void> {
  await store.database.transaction(async (transaction) => {
    const admitted: Admitted[] = [];
    for (const entry of entries) {
      let finished = true;
      if (entry.fence) {
        try {
          finished = await entry.fence(transaction);
        } catch (error) {
          if (skip !== undefined && error instanceof skip) continue;
          throw error;
        }
      }
      admitted.push({ target: entry.target, outcome: entry.outcome, finished });
    }
    await writeOutcomes(transaction, admitted, store.chunkAnalysis);
    const settled = admitted.filter((entry) => entry.finished).map((entry) => entry.target.id);
    if (onCommitted && settled.length > 0) await onCommitted(transaction, settled);
  });
}

/** {@link commitOutcomes} for one outcome; a failing `fence` rolls it back. */
export async function commitOutcome(
  store: OutcomeStore,
  target: OutcomeTarget,
  outcome: IngestionOutcome,
  fence?: (transaction: Queryable) => Promise<boolean>,
): Promise<void> {
  await commitOutcomes(store, [{ target, outcome, ...(fence ? { fence } : {}) }]);
}

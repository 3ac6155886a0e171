import type { DocumentChunk } from '../knowledge/index.js';
import type { Database, Queryable } from '../store/index.js';
import { writeDocumentChunks } from './write-chunks.js';

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
   * job's lease; see `finishJob`), resolves `false` when the datasource must be processed
   * again (left `pending`). Default: owned and finished.
   */
  fence?: (transaction: Queryable) => Promise<boolean>;
}

async function writeOutcome(
  transaction: Queryable,
  target: OutcomeTarget,
  outcome: IngestionOutcome,
  finished: boolean,
): Promise<void> {
  const status = finished ? null : 'pending';
  if (!outcome.ok) {
    await writeDocumentChunks(transaction, target, []);
    await transaction.query(
      `UPDATE datasources SET status = COALESCE($3, 'error'), content_hash = NULL, updated_at = now(),
         config = config || jsonb_build_object('errorMessage', $2::text)
       WHERE id = $1`,
      [target.id, outcome.message, status],
    );
    return;
  }
  const current = await transaction.query<{ unchanged: boolean }>(
    `SELECT content_hash = $2 AND EXISTS (SELECT 1 FROM chunks WHERE datasource_id = $1) AS unchanged
     FROM datasources WHERE id = $1`,
    [target.id, outcome.contentHash],
  );
  if (current[0]?.unchanged !== true)
    await writeDocumentChunks(transaction, target, outcome.chunks);
  await transaction.query(
    `UPDATE datasources SET status = COALESCE($4, 'synched'), content_hash = $2,
       last_synch = now(), updated_at = now(),
       config = (config - 'errorMessage') || $3::jsonb
     WHERE id = $1`,
    [target.id, outcome.contentHash, JSON.stringify(outcome.config ?? {}), status],
  );
}

/**
 * Stores outcomes in one transaction (a batch of jobs costs one commit). Each entry's
 * `fence` runs first; an entry whose fence throws `skip`'s error type (its lease was taken
 * over) is left out and the others are stored, any other error rolls everything back.
 * Success: chunks replaced (kept as they are when the content hash is unchanged and chunks
 * exist — re-ingesting an unchanged document is a no-op), status `synched`, `lastSynch`
 * set, `errorMessage` removed. Failure: status `error` with `config.errorMessage`, and no
 * chunks left (a failed update must not keep answering from the previous version).
 */
export async function commitOutcomes(
  database: Database,
  entries: readonly PendingOutcome[],
  skip?: abstract new (...args: never[]) => Error,
): Promise<void> {
  await database.transaction(async (transaction) => {
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
      await writeOutcome(transaction, entry.target, entry.outcome, finished);
    }
  });
}

/** {@link commitOutcomes} for one outcome; a failing `fence` rolls it back. */
export async function commitOutcome(
  database: Database,
  target: OutcomeTarget,
  outcome: IngestionOutcome,
  fence?: (transaction: Queryable) => Promise<boolean>,
): Promise<void> {
  await commitOutcomes(database, [{ target, outcome, ...(fence ? { fence } : {}) }]);
}

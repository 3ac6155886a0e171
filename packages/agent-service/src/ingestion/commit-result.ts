import type { Database, Queryable } from '../store/index.js';
import type { DocumentChunk } from './document-loaders.js';
import { replaceChunks } from './write-chunks.js';

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

/**
 * Stores an outcome in one transaction. `fence` runs first, inside it: it checks that the
 * caller still owns the work (the job's lease) and throws otherwise, rolling everything
 * back; it resolves `false` when the datasource must be processed again (left `pending`).
 * Success: chunks replaced (kept as they are when the content hash is unchanged and chunks
 * exist — re-ingesting an unchanged document is a no-op), status `synched`, `lastSynch`
 * set, `errorMessage` removed. Failure: status `error` with `config.errorMessage`, and no
 * chunks left (a failed update must not keep answering from the previous version).
 */
export async function commitOutcome(
  database: Database,
  target: OutcomeTarget,
  outcome: IngestionOutcome,
  fence: (transaction: Queryable) => Promise<boolean> = async () => true,
): Promise<void> {
  await database.transaction(async (transaction) => {
    const finished = await fence(transaction);
    const status = finished ? null : 'pending';
    if (!outcome.ok) {
      await replaceChunks(transaction, target, []);
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
    if (current[0]?.unchanged !== true) await replaceChunks(transaction, target, outcome.chunks);
    await transaction.query(
      `UPDATE datasources SET status = COALESCE($4, 'synched'), content_hash = $2,
         last_synch = now(), updated_at = now(),
         config = (config - 'errorMessage') || $3::jsonb
       WHERE id = $1`,
      [target.id, outcome.contentHash, JSON.stringify(outcome.config ?? {}), status],
    );
  });
}

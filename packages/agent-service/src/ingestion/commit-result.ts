import type { ChunkAnalysisPool } from '../lexical-index/index.js';
import type { Database, Queryable } from '../store/index.js';
import type { HttpValidators } from '../web/index.js';
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
      /** A web page's `ETag` / `Last-Modified`, for the next sync's conditional request. */
      validators?: HttpValidators;
      /** A crawled page's links, followed again when it next answers 304 Not Modified. */
      links?: readonly string[];
    }
  | {
      ok: false;
      message: string;
      /**
       * Keep the chunks indexed before (a web page that could not be read for a reason that
       * says nothing about it: a 5xx, a timeout, an unreachable site). Default false.
       */
      keepContent?: boolean;
    };

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
  /**
   * Runs last, inside the transaction, once the outcome is written (and only if its fence
   * let it through): `rewritten` tells whether its chunks were replaced (false: the content
   * hash was unchanged, or the previous content was kept).
   */
  afterWrite?: (transaction: Queryable, written: { rewritten: boolean }) => Promise<void>;
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
  afterWrite?: PendingOutcome['afterWrite'];
}

/**
 * Writes admitted outcomes with a fixed number of statements, whatever their count: one
 * content-hash look-up, one chunk replacement for every datasource whose chunks change (so
 * the term statistics are added once per batch), one status update for the successes and
 * one for the failures. Returns the ids of the datasources whose chunks it replaced.
 */
async function writeOutcomes(
  transaction: Queryable,
  admitted: readonly Admitted[],
  pool: ChunkAnalysisPool | undefined,
): Promise<Set<string>> {
  const succeeded = admitted.filter(
    (entry): entry is Admitted & { outcome: Extract<IngestionOutcome, { ok: true }> } =>
      entry.outcome.ok,
  );
  const failed = admitted.filter((entry) => !entry.outcome.ok);
  const keeping = (entry: Admitted) => !entry.outcome.ok && entry.outcome.keepContent === true;
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
  const replaced = [
    ...failed
      .filter((entry) => !keeping(entry))
      .map((entry) => ({ datasource: entry.target, chunks: [] })),
    ...succeeded
      .filter((entry) => !unchanged.has(entry.target.id))
      .map((entry) => ({ datasource: entry.target, chunks: entry.outcome.chunks })),
  ];
  await writeDocumentsChunks(transaction, replaced, pool);
  if (failed.length > 0) {
    // A kept page keeps its content hash and validators too: the next sync compares with them.
    await transaction.query(
      `UPDATE datasources d SET status = CASE WHEN n.finished THEN 'error' ELSE 'pending' END,
         content_hash = CASE WHEN n.keep THEN d.content_hash END,
         http_etag = CASE WHEN n.keep THEN d.http_etag END,
         http_last_modified = CASE WHEN n.keep THEN d.http_last_modified END,
         updated_at = now(),
         config = d.config || jsonb_build_object('errorMessage', n.message)
       FROM unnest($1::text[], $2::text[], $3::boolean[], $4::boolean[]) AS n (id, message, finished, keep)
       WHERE d.id = n.id`,
      [
        failed.map((entry) => entry.target.id),
        failed.map((entry) => (entry.outcome.ok ? '' : entry.outcome.message)),
        failed.map((entry) => entry.finished),
        failed.map(keeping),
      ],
    );
  }
  if (succeeded.length > 0) {
    await transaction.query(
      `UPDATE datasources d SET status = CASE WHEN n.finished THEN 'synched' ELSE 'pending' END,
         content_hash = n.hash, last_synch = now(), updated_at = now(),
         config = (d.config - 'errorMessage') || n.config::jsonb,
         http_etag = n.etag, http_last_modified = n.last_modified,
         page_links = coalesce(n.links::jsonb, d.page_links)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::text[])
         AS n (id, hash, config, finished, etag, last_modified, links)
       WHERE d.id = n.id`,
      [
        succeeded.map((entry) => entry.target.id),
        succeeded.map((entry) => entry.outcome.contentHash),
        succeeded.map((entry) => JSON.stringify(entry.outcome.config ?? {})),
        succeeded.map((entry) => entry.finished),
        succeeded.map((entry) => entry.outcome.validators?.etag ?? null),
        succeeded.map((entry) => entry.outcome.validators?.lastModified ?? null),
        succeeded.map((entry) =>
          entry.outcome.links === undefined ? null : JSON.stringify(entry.outcome.links),
        ),
      ],
    );
  }
  return new Set(replaced.map((entry) => entry.datasource.id));
}

/**
 * Stores outcomes in one transaction (a batch of jobs costs one commit). Each entry's
 * `fence` runs first; an entry whose fence throws `skip`'s error type (its lease was taken
 * over) is left out and the others are stored, any other error rolls everything back.
 * Success: chunks replaced (kept as they are when the content hash is unchanged and chunks
 * exist — re-ingesting an unchanged document is a no-op), status `synched`, `lastSynch`
 * set, `errorMessage` removed. Failure: status `error` with `config.errorMessage`, and no
 * chunks left (a failed update must not keep answering from the previous version), unless
 * it says `keepContent` (a web page that could not be read: its previous content stays).
 * Each admitted entry's `afterWrite` runs last, in the same transaction. Returns the ids of the
 * datasources whose chunks were replaced.
 * `onCommitted` then gets the ids of the datasources settled for good (not left
 * `pending`), in the same transaction.
 */
export async function commitOutcomes(
  store: OutcomeStore,
  entries: readonly PendingOutcome[],
  skip?: abstract new (...args: never[]) => Error,
  onCommitted?: OnCommitted,
): Promise<ReadonlySet<string>> {
  return store.database.transaction(async (transaction) => {
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
      admitted.push({
        target: entry.target,
        outcome: entry.outcome,
        finished,
        ...(entry.afterWrite ? { afterWrite: entry.afterWrite } : {}),
      });
    }
    const rewritten = await writeOutcomes(transaction, admitted, store.chunkAnalysis);
    for (const entry of admitted) {
      await entry.afterWrite?.(transaction, { rewritten: rewritten.has(entry.target.id) });
    }
    const settled = admitted.filter((entry) => entry.finished).map((entry) => entry.target.id);
    if (onCommitted && settled.length > 0) await onCommitted(transaction, settled);
    return rewritten;
  });
}

/**
 * {@link commitOutcomes} for one outcome; a failing `fence` rolls it back. Resolves whether
 * its chunks were replaced.
 */
export async function commitOutcome(
  store: OutcomeStore,
  target: OutcomeTarget,
  outcome: IngestionOutcome,
  fence?: (transaction: Queryable) => Promise<boolean>,
): Promise<boolean> {
  const rewritten = await commitOutcomes(store, [{ target, outcome, ...(fence ? { fence } : {}) }]);
  return rewritten.has(target.id);
}

import type { Database } from '../store/index.js';
import { replaceChunks } from './chunk-store.js';
import { chunkText } from './chunk-text.js';

/** Why a document could not be indexed; stored as the datasource's `config.errorMessage`. */
class IndexingError extends Error {
  override readonly name = 'IndexingError';
}

/**
 * Replaces a datasource's chunks with fresh ones from `text` and marks it `synched`, in
 * one transaction. On failure the datasource is marked `error` with the reason and keeps
 * no chunks at all: neither partial new ones nor those of its previous text, which it no
 * longer holds (a failed update must not keep answering from the old version).
 */
export async function indexDatasource(
  database: Database,
  datasource: { id: string; datastoreId: string; name: string },
  text: string,
): Promise<void> {
  try {
    await database.transaction(async (transaction) => {
      const chunks = chunkText(text, datasource.name);
      if (!chunks.some((chunk) => /[\p{L}\p{N}]/u.test(chunk.content))) {
        throw new IndexingError('The document contains no words to index.');
      }
      await replaceChunks(transaction, datasource, chunks);
      await transaction.query(
        `UPDATE datasources SET status = 'synched', last_synch = now(), updated_at = now(),
           config = config - 'errorMessage'
         WHERE id = $1`,
        [datasource.id],
      );
    });
  } catch (error) {
    const reason =
      error instanceof IndexingError
        ? error.message
        : `Indexing failed: ${error instanceof Error ? error.message : String(error)}`;
    await database.transaction(async (transaction) => {
      await replaceChunks(transaction, datasource, []);
      await transaction.query(
        `UPDATE datasources SET status = 'error', updated_at = now(),
           config = config || jsonb_build_object('errorMessage', $2::text)
         WHERE id = $1`,
        [datasource.id, reason],
      );
    });
  }
}

/**
 * Indexes datasources left `unsynched` (a process that stopped between storing a
 * document and indexing it). Run at start-up; returns how many it indexed.
 */
export async function indexPendingDatasources(database: Database): Promise<number> {
  const pending = await database.query<{
    id: string;
    datastore_id: string;
    name: string;
    text: string;
  }>(
    `SELECT id, datastore_id, name, text FROM datasources
     WHERE status IN ('unsynched', 'pending', 'running') ORDER BY seq`,
  );
  for (const row of pending) {
    await indexDatasource(
      database,
      { id: row.id, datastoreId: row.datastore_id, name: row.name },
      row.text,
    );
  }
  return pending.length;
}

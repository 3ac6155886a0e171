import type {
  Datasource,
  DatasourceUpdateBody,
  DatasourceUpdateResponse,
  UpsertDocument,
} from '@agent-chat/protocol';
import { notFound } from './agent-service-error.js';
import { chunkText } from './chunk-text.js';
import { createId } from './create-id.js';
import type { Database, Queryable } from './database.js';
import { getDatastore } from './datastores.js';

interface DatasourceRow {
  id: string;
  datastore_id: string;
  type: Datasource['type'];
  name: string;
  status: Datasource['status'];
  group_id: string | null;
  config: Record<string, unknown>;
  created_at: Date | string;
  updated_at: Date | string;
  last_synch: Date | string | null;
}

const columns =
  'id, datastore_id, type, name, status, group_id, config, created_at, updated_at, last_synch';

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toDatasource(row: DatasourceRow): Datasource {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    groupId: row.group_id,
    updatedAt: iso(row.updated_at),
    createdAt: iso(row.created_at),
    lastSynch: row.last_synch === null ? null : iso(row.last_synch),
    config: row.config ?? {},
    datastoreId: row.datastore_id,
  };
}

/** The datasources of one of the organization's datastores, oldest first. */
export async function listDatasources(
  database: Queryable,
  organizationId: string,
  datastoreId: string,
): Promise<Datasource[]> {
  await getDatastore(database, organizationId, datastoreId);
  const rows = await database.query<DatasourceRow>(
    `SELECT ${columns} FROM datasources WHERE datastore_id = $1 ORDER BY seq`,
    [datastoreId],
  );
  return rows.map(toDatasource);
}

/** One datasource of the organization; throws NOT_FOUND otherwise (also for other orgs'). */
export async function getDatasource(
  database: Queryable,
  organizationId: string,
  datasourceId: string,
): Promise<Datasource> {
  const rows = await database.query<DatasourceRow>(
    `SELECT ${columns} FROM datasources WHERE organization_id = $1 AND id = $2`,
    [organizationId, datasourceId],
  );
  if (!rows[0]) throw notFound('Datasource', datasourceId);
  return toDatasource(rows[0]);
}

/** Deletes a datasource and its chunks; returns it as it was. */
export async function deleteDatasource(
  database: Queryable,
  organizationId: string,
  datasourceId: string,
): Promise<Datasource> {
  const rows = await database.query<DatasourceRow>(
    `DELETE FROM datasources WHERE organization_id = $1 AND id = $2 RETURNING ${columns}`,
    [organizationId, datasourceId],
  );
  if (!rows[0]) throw notFound('Datasource', datasourceId);
  return toDatasource(rows[0]);
}

/** Why a document could not be indexed; stored as the datasource's `config.errorMessage`. */
class IndexingError extends Error {
  override readonly name = 'IndexingError';
}

// Postgres text cannot hold NUL characters; they carry no meaning in a document anyway.
function cleanText(text: string): string {
  return text.replace(/\u0000/g, '');
}

/**
 * Replaces a datasource's chunks with fresh ones from `text` and marks it `synched`, in
 * one transaction. On failure the datasource is marked `error` with the reason and keeps
 * no chunks at all: neither partial new ones nor those of its previous text, which it no
 * longer holds (a failed update must not keep answering from the old version).
 */
async function indexDatasource(
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
      await transaction.query('DELETE FROM chunks WHERE datasource_id = $1', [datasource.id]);
      await transaction.query(
        `INSERT INTO chunks (id, datasource_id, datastore_id, position, title, content)
         SELECT c.id, $1, $2, c.position, c.title, c.content
         FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[])
           AS c (id, position, title, content)`,
        [
          datasource.id,
          datasource.datastoreId,
          chunks.map(() => createId()),
          chunks.map((chunk) => chunk.position),
          chunks.map((chunk) => chunk.title),
          chunks.map((chunk) => chunk.content),
        ],
      );
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
      await transaction.query('DELETE FROM chunks WHERE datasource_id = $1', [datasource.id]);
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
 * The seed's upsert: every document becomes a `text` datasource of the datastore (all of
 * one call share a `groupId`), starts `unsynched`, is chunked and indexed, then is
 * `synched` (or `error` with `config.errorMessage`). A document whose
 * `metadata.datasource_id` names an existing datasource of this datastore replaces it.
 * `metadata` becomes the datasource's `config` (`custom_id`, `source_url`, `mime_type` are
 * used by retrieval). Returns the ids in document order.
 */
export async function upsertDocuments(
  database: Database,
  organizationId: string,
  datastoreId: string,
  documents: readonly UpsertDocument[],
): Promise<string[]> {
  const groupId = createId();
  const created = await database.transaction(async (transaction) => {
    await getDatastore(transaction, organizationId, datastoreId);
    const results: { id: string; datastoreId: string; name: string; text: string }[] = [];
    for (const document of documents) {
      const metadata = document.metadata ?? {};
      const requestedId =
        typeof metadata.datasource_id === 'string' ? metadata.datasource_id : undefined;
      const config = JSON.stringify(metadata);
      const text = cleanText(document.text);
      let id: string | undefined;
      if (requestedId !== undefined) {
        const replaced = await transaction.query<{ id: string }>(
          `UPDATE datasources SET name = $3, config = $4::jsonb, text = $5, status = 'unsynched',
             group_id = $6, updated_at = now()
           WHERE id = $1 AND datastore_id = $2 RETURNING id`,
          [requestedId, datastoreId, document.name, config, text, groupId],
        );
        id = replaced[0]?.id;
      }
      if (id === undefined) {
        id = createId();
        await transaction.query(
          `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status,
             group_id, config, text)
           VALUES ($1, $2, $3, 'text', $4, 'unsynched', $5, $6::jsonb, $7)`,
          [id, organizationId, datastoreId, document.name, groupId, config, text],
        );
      }
      results.push({ id, datastoreId, name: document.name, text });
    }
    return results;
  });
  for (const datasource of created) await indexDatasource(database, datasource, datasource.text);
  return created.map((datasource) => datasource.id);
}

/**
 * The seed's (deprecated) datasource update: renames the datasource, replaces its
 * metadata when given and its text when `text` is given, then re-indexes it.
 */
export async function updateDatasourceDocument(
  database: Database,
  organizationId: string,
  datastoreId: string,
  body: DatasourceUpdateBody,
): Promise<DatasourceUpdateResponse> {
  const text = body.text === undefined ? undefined : cleanText(body.text);
  const updated = await database.transaction(async (transaction) => {
    await getDatastore(transaction, organizationId, datastoreId);
    const rows = await transaction.query<{ id: string; text: string }>(
      `UPDATE datasources SET name = $3,
         config = COALESCE($4::jsonb, config),
         text = COALESCE($5, text),
         status = 'unsynched',
         updated_at = now()
       WHERE id = $1 AND datastore_id = $2 RETURNING id, text`,
      [
        body.id,
        datastoreId,
        body.name,
        body.metadata === undefined ? null : JSON.stringify(body.metadata),
        text ?? null,
      ],
    );
    if (!rows[0]) throw notFound('Datasource', body.id);
    return rows[0];
  });
  // Chunk titles carry the document name, so a rename re-indexes the stored text too.
  await indexDatasource(database, { id: updated.id, datastoreId, name: body.name }, updated.text);
  return { id: updated.id };
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

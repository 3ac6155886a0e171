import type { Datasource, DatasourceCreateBody } from '@agent-chat/protocol';
import { LIMITS } from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { getDatasource, getDatastore } from '../knowledge/index.js';
import { createId, type Database, type Queryable } from '../store/index.js';
import { storeDatasourceFile } from './datasource-files.js';
import { enqueueIngestion } from './job-queue.js';

/** What is stored for a new (or replaced) datasource. */
interface DatasourceDraft {
  datastoreId: string;
  type: Datasource['type'];
  name: string;
  config: Record<string, unknown>;
  text: string;
  /** Replace this datasource (of the same datastore) instead of creating one. */
  id?: string | undefined;
}

function defaultName(body: DatasourceCreateBody): string {
  const config = body.config ?? {};
  const name =
    body.type === 'web_page' || body.type === 'web_site'
      ? (config.sitemap ?? config.source_url)
      : body.type === 'qa'
        ? (config.question ?? `Questions and answers (${config.pairs?.length ?? 0})`)
        : 'Text';
  return String(name).slice(0, LIMITS.nameLength.max);
}

/**
 * Stores a datasource (or replaces the one named by `draft.id`) and queues its ingestion,
 * in one transaction; `beforeQueue` runs inside it (e.g. to store an uploaded file).
 */
async function storeAndQueue(
  database: Database,
  organizationId: string,
  draft: DatasourceDraft,
  beforeQueue?: (transaction: Queryable, id: string) => Promise<void>,
): Promise<Datasource> {
  return database.transaction(async (transaction) => {
    await getDatastore(transaction, organizationId, draft.datastoreId);
    let id: string | undefined;
    if (draft.id !== undefined) {
      const rows = await transaction.query<{ id: string }>(
        `UPDATE datasources SET type = $4, name = $5, config = $6::jsonb, text = $7, updated_at = now()
         WHERE id = $1 AND organization_id = $2 AND datastore_id = $3 RETURNING id`,
        [
          draft.id,
          organizationId,
          draft.datastoreId,
          draft.type,
          draft.name,
          JSON.stringify(draft.config),
          draft.text,
        ],
      );
      id = rows[0]?.id;
      if (id === undefined) throw notFound('Datasource', draft.id);
    } else {
      id = createId();
      await transaction.query(
        `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status, config, text)
         VALUES ($1, $2, $3, $4, $5, 'pending', $6::jsonb, $7)`,
        [
          id,
          organizationId,
          draft.datastoreId,
          draft.type,
          draft.name,
          JSON.stringify(draft.config),
          draft.text,
        ],
      );
    }
    await beforeQueue?.(transaction, id);
    await enqueueIngestion(transaction, id);
    return getDatasource(transaction, organizationId, id);
  });
}

/**
 * `POST /api/datasources` with a JSON body: stores a `text`, `web_page`, `web_site` or `qa`
 * datasource in `pending` with its ingestion job and returns it at once. A `text`
 * datasource's text (`config.text` or `datasourceText`) is stored apart from its config.
 */
export async function createDatasource(
  database: Database,
  organizationId: string,
  body: DatasourceCreateBody,
): Promise<Datasource> {
  const { text, ...config } = body.config ?? {};
  if (body.custom_id !== undefined) config.custom_id = body.custom_id;
  return storeAndQueue(database, organizationId, {
    datastoreId: body.datastoreId,
    type: body.type,
    name: body.name ?? defaultName(body),
    config,
    text: (body.datasourceText ?? text ?? '').replace(/\u0000/g, ''),
    id: body.id,
  });
}

/** An uploaded file, already saved to a temporary file. */
export interface UploadedFile {
  datastoreId: string;
  fileName: string;
  mimeType: string;
  path: string;
  size: number;
  customId?: string | undefined;
  /** Replace this datasource instead of creating one. */
  id?: string | undefined;
}

/**
 * The multipart form of `POST /api/datasources`: stores a `file` datasource and its file
 * (in 1 MiB parts, in the database, so any service process can ingest it) and queues it.
 */
export async function createFileDatasource(
  database: Database,
  organizationId: string,
  file: UploadedFile,
): Promise<Datasource> {
  return storeAndQueue(
    database,
    organizationId,
    {
      datastoreId: file.datastoreId,
      type: 'file',
      name: file.fileName.slice(0, LIMITS.nameLength.max),
      config: {
        mime_type: file.mimeType,
        fileSize: file.size,
        ...(file.customId === undefined ? {} : { custom_id: file.customId }),
      },
      text: '',
      id: file.id,
    },
    async (transaction, id) => {
      await storeDatasourceFile(transaction, id, file.path);
    },
  );
}

/** `POST /api/datasources/{id}/synch`: queues the datasource again (re-fetch, re-read). */
export async function synchDatasource(
  database: Database,
  organizationId: string,
  datasourceId: string,
): Promise<Datasource> {
  return database.transaction(async (transaction) => {
    await getDatasource(transaction, organizationId, datasourceId);
    await enqueueIngestion(transaction, datasourceId);
    return getDatasource(transaction, organizationId, datasourceId);
  });
}

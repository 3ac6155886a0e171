import type {
  DatasourceUpdateBody,
  DatasourceUpdateResponse,
  UpsertDocument,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { getDatastore } from '../knowledge/index.js';
import { createId, type Database, encodeTextArray, storableText } from '../store/index.js';
import { enqueueIngestion, enqueueIngestionOf } from './job-queue.js';

/**
 * The seed's upsert, through the ingestion jobs: every document becomes a `text`
 * datasource of the datastore (all of one call share a `groupId`) stored `pending` with
 * its job, in one transaction. A document whose `metadata.datasource_id` names an existing
 * datasource of this datastore replaces it. `metadata` becomes the datasource's `config`.
 * Returns the ids in document order; the caller waits for the jobs (the route does).
 */
export async function upsertDocuments(
  database: Database,
  organizationId: string,
  datastoreId: string,
  documents: readonly UpsertDocument[],
): Promise<string[]> {
  const groupId = createId();
  return database.transaction(async (transaction) => {
    await getDatastore(transaction, organizationId, datastoreId);
    const ids: string[] = [];
    const created: { id: string; name: string; config: string; text: string }[] = [];
    for (const document of documents) {
      const metadata = document.metadata ?? {};
      const requestedId =
        typeof metadata.datasource_id === 'string' ? metadata.datasource_id : undefined;
      const config = JSON.stringify(metadata);
      const text = storableText(document.text);
      let id: string | undefined;
      if (requestedId !== undefined) {
        const replaced = await transaction.query<{ id: string }>(
          `UPDATE datasources SET name = $3, config = $4::jsonb, text = $5, type = 'text',
             group_id = $6, updated_at = now()
           WHERE id = $1 AND datastore_id = $2 RETURNING id`,
          [requestedId, datastoreId, document.name, config, text, groupId],
        );
        id = replaced[0]?.id;
      }
      if (id === undefined) {
        id = createId();
        created.push({ id, name: storableText(document.name), config, text });
      }
      ids.push(id);
    }
    // The new datasources in one statement, in document order (their seq follows it); their
    // texts (megabytes in a large upsert) in binary arrays, which the server takes as they are.
    if (created.length > 0) {
      await transaction.query(
        `INSERT INTO datasources (id, organization_id, datastore_id, type, name, status,
           group_id, config, text)
         SELECT d.id, $1, $2, 'text', d.name, 'pending', $3, d.config::jsonb, d.text
         FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY
           AS d (id, name, config, text, place)
         ORDER BY d.place`,
        [
          organizationId,
          datastoreId,
          groupId,
          encodeTextArray(created.map((item) => item.id)),
          encodeTextArray(created.map((item) => item.name)),
          encodeTextArray(created.map((item) => item.config)),
          encodeTextArray(created.map((item) => item.text)),
        ],
      );
    }
    await enqueueIngestionOf(transaction, ids);
    return ids;
  });
}

/**
 * The seed's (deprecated) datasource update: renames the datasource, replaces its
 * metadata when given and its text when `text` is given, and queues it again.
 */
export async function updateDatasourceDocument(
  database: Database,
  organizationId: string,
  datastoreId: string,
  body: DatasourceUpdateBody,
): Promise<DatasourceUpdateResponse> {
  const text = body.text === undefined ? undefined : storableText(body.text);
  return database.transaction(async (transaction) => {
    await getDatastore(transaction, organizationId, datastoreId);
    const rows = await transaction.query<{ id: string }>(
      `UPDATE datasources SET name = $3,
         config = COALESCE($4::jsonb, config),
         text = COALESCE($5, text),
         updated_at = now()
       WHERE id = $1 AND datastore_id = $2 RETURNING id`,
      [
        body.id,
        datastoreId,
        body.name,
        body.metadata === undefined ? null : JSON.stringify(body.metadata),
        text ?? null,
      ],
    );
    if (!rows[0]) throw notFound('Datasource', body.id);
    await enqueueIngestion(transaction, rows[0].id);
    return { id: rows[0].id };
  });
}

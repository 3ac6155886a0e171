import type { Datastore, DatastoreCreateBody, DatastoreUpdateBody } from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { createId, type Queryable } from '../store/index.js';

interface DatastoreRow {
  id: string;
  name: string;
  description: string;
  type: Datastore['type'];
  visibility: Datastore['visibility'];
}

const columns = 'id, name, description, type, visibility';

function toDatastore(row: DatastoreRow): Datastore {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    visibility: row.visibility,
  };
}

/** The organization's datastores, oldest first. */
export async function listDatastores(
  database: Queryable,
  organizationId: string,
): Promise<Datastore[]> {
  const rows = await database.query<DatastoreRow>(
    `SELECT ${columns} FROM datastores WHERE organization_id = $1 ORDER BY seq`,
    [organizationId],
  );
  return rows.map(toDatastore);
}

/** One datastore of the organization; throws NOT_FOUND otherwise (also for other orgs'). */
export async function getDatastore(
  database: Queryable,
  organizationId: string,
  datastoreId: string,
): Promise<Datastore> {
  const rows = await database.query<DatastoreRow>(
    `SELECT ${columns} FROM datastores WHERE organization_id = $1 AND id = $2`,
    [organizationId, datastoreId],
  );
  if (!rows[0]) throw notFound('Datastore', datastoreId);
  return toDatastore(rows[0]);
}

/** Creates a datastore (id generated unless given, e.g. the demo datastore). */
export async function createDatastore(
  database: Queryable,
  organizationId: string,
  body: DatastoreCreateBody,
  id: string = createId(),
): Promise<Datastore> {
  const rows = await database.query<DatastoreRow>(
    `INSERT INTO datastores (id, organization_id, name, description, type, visibility)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
    [
      id,
      organizationId,
      body.name,
      body.description ?? '',
      body.type ?? 'qdrant',
      body.visibility ?? 'private',
    ],
  );
  return toDatastore(rows[0] as DatastoreRow);
}

/**
 * Updates the fields present in `body`. Chaindesk's `isPublic` sets the visibility when
 * `visibility` itself is absent; a missing `isPublic` changes nothing here.
 */
export async function updateDatastore(
  database: Queryable,
  organizationId: string,
  datastoreId: string,
  body: DatastoreUpdateBody,
): Promise<Datastore> {
  const visibility =
    body.visibility ??
    (body.isPublic === undefined ? undefined : body.isPublic ? 'public' : 'private');
  const rows = await database.query<DatastoreRow>(
    `UPDATE datastores SET
       name = COALESCE($3, name),
       description = COALESCE($4, description),
       type = COALESCE($5, type),
       visibility = COALESCE($6, visibility),
       updated_at = now()
     WHERE organization_id = $1 AND id = $2 RETURNING ${columns}`,
    [
      organizationId,
      datastoreId,
      body.name ?? null,
      body.description ?? null,
      body.type ?? null,
      visibility ?? null,
    ],
  );
  if (!rows[0]) throw notFound('Datastore', datastoreId);
  return toDatastore(rows[0]);
}

/** Deletes a datastore with its datasources and chunks (foreign-key cascade); returns it as it was. */
export async function deleteDatastore(
  database: Queryable,
  organizationId: string,
  datastoreId: string,
): Promise<Datastore> {
  const rows = await database.query<DatastoreRow>(
    `DELETE FROM datastores WHERE organization_id = $1 AND id = $2 RETURNING ${columns}`,
    [organizationId, datastoreId],
  );
  if (!rows[0]) throw notFound('Datastore', datastoreId);
  return toDatastore(rows[0]);
}

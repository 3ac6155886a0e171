import type { Datasource } from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';
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

/**
 * Deletes a datasource and its chunks — and, for a `web_site`, its pages (the datasources
 * whose `groupId` is its id); returns it as it was.
 */
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
  if (rows[0].type === 'web_site') {
    await database.query('DELETE FROM datasources WHERE organization_id = $1 AND group_id = $2', [
      organizationId,
      datasourceId,
    ]);
  }
  return toDatasource(rows[0]);
}

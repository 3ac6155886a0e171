import type { Datasource, SyncSummary } from '@agent-chat/protocol';
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
  next_synch: Date | string | null;
  sync_summary: SyncSummary | null;
  /** Present when read with `withChunkStats`. */
  nb_chunks?: number;
  text_size?: number;
}

const columns =
  'id, datastore_id, type, name, status, group_id, config, created_at, updated_at, last_synch, next_synch, sync_summary';

/**
 * Reads datasources from `source` (a table, or a CTE such as the rows a DELETE returns; as
 * `d`) with their chunk count and indexed text size (characters), Chaindesk's `nbChunks`
 * and `textSize`, counted from the chunks they have now.
 */
function withChunkStats(source = 'datasources'): string {
  const selected = columns
    .split(', ')
    .map((column) => `d.${column}`)
    .join(', ');
  return `SELECT ${selected}, stats.nb_chunks, stats.text_size
  FROM ${source} d LEFT JOIN LATERAL (
    SELECT count(*)::int AS nb_chunks, coalesce(sum(length(c.content)), 0)::int AS text_size
    FROM chunks c WHERE c.datasource_id = d.id
  ) stats ON true`;
}

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
    ...(row.nb_chunks === undefined ? {} : { nbChunks: row.nb_chunks }),
    ...(row.text_size === undefined ? {} : { textSize: row.text_size }),
    ...(row.type === 'web_page' || row.type === 'web_site'
      ? {
          nextSynch: row.next_synch === null ? null : iso(row.next_synch),
          lastSyncSummary: row.sync_summary,
        }
      : {}),
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
    `${withChunkStats()} WHERE d.datastore_id = $1 ORDER BY d.seq`,
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
    `${withChunkStats()} WHERE d.organization_id = $1 AND d.id = $2`,
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
    // The statement's snapshot still sees the chunks the cascade removes: counted as they were.
    `WITH gone AS (DELETE FROM datasources WHERE organization_id = $1 AND id = $2 RETURNING ${columns})
     ${withChunkStats('gone')}`,
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

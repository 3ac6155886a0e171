import type { Datasource, DatasourcePatchBody } from '@agent-chat/protocol';
import { LIMITS } from '@agent-chat/protocol';
import { invalidRequest, notFound } from '../agent-service-error.js';
import { getDatasource } from '../knowledge/index.js';
import type { Database } from '../store/index.js';

/**
 * Refuses a `config.sync_interval_minutes` below the service's minimum (the schema has
 * checked the rest: whole minutes, at most 30 days, web sources only).
 */
export function checkSyncInterval(minutes: unknown, minimumMinutes: number): void {
  if (typeof minutes !== 'number' || minutes >= minimumMinutes) return;
  throw invalidRequest(
    `config.sync_interval_minutes must be a whole number of minutes from ${minimumMinutes} to ${LIMITS.syncIntervalMinutes.max} (30 days), or null for manual syncs`,
  );
}

/**
 * `PATCH /api/datasources/{id}`: renames a datasource and/or sets its sync schedule
 * (`config.sync_interval_minutes`, a `web_page` or `web_site` of its own; `null`: manual).
 * A new schedule counts from the last sync (or from now, before the first): a source last
 * synched longer ago than its new interval is due at once. Nothing is re-ingested.
 */
export async function patchDatasource(
  database: Database,
  organizationId: string,
  datasourceId: string,
  body: DatasourcePatchBody,
  minimumMinutes: number,
): Promise<Datasource> {
  const minutes = body.config?.sync_interval_minutes;
  checkSyncInterval(minutes, minimumMinutes);
  return database.transaction(async (transaction) => {
    const current = await getDatasource(transaction, organizationId, datasourceId);
    if (minutes !== undefined) {
      if (current.type !== 'web_page' && current.type !== 'web_site') {
        throw invalidRequest(
          `config.sync_interval_minutes applies to web_page and web_site datasources, not ${current.type}`,
        );
      }
      if (current.groupId !== null && current.type === 'web_page') {
        throw invalidRequest(
          'config.sync_interval_minutes: the pages of a site are synched with their site; schedule the site',
        );
      }
    }
    const rows = await transaction.query(
      `UPDATE datasources SET name = coalesce($3, name), updated_at = now(),
         config = CASE WHEN $4 THEN config || jsonb_build_object('sync_interval_minutes', $5::int)
                  ELSE config END,
         next_synch = CASE WHEN NOT $4 THEN next_synch
                      WHEN $5::int IS NULL THEN NULL
                      ELSE coalesce(last_synch, now()) + $5::int * interval '1 minute' END
       WHERE id = $1 AND organization_id = $2 RETURNING 1`,
      [datasourceId, organizationId, body.name ?? null, minutes !== undefined, minutes ?? null],
    );
    if (rows.length === 0) throw notFound('Datasource', datasourceId);
    return getDatasource(transaction, organizationId, datasourceId);
  });
}

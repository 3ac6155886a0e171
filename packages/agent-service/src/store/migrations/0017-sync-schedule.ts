import type { Migration } from './migration.js';

/** Migration 17: scheduled re-syncs of web sources, conditional requests, sync summaries. */
export const syncSchedule: Migration = {
  id: 17,
  name: 'scheduled re-syncs of web sources, conditional requests, sync summaries',
  // The schedule itself stays in config.sync_interval_minutes (what the API shows);
  // next_synch is when it is due, so that the scheduler finds due sources by an index and a
  // restart loses nothing. Earlier versions stored the field unchecked: values the API now
  // refuses (0, "hourly", a schedule on a text datasource) did nothing and are dropped. A
  // valid schedule starts with a sync one interval from now. sync_failures counts the
  // failed syncs in a row (the retry backs off); http_etag and http_last_modified are a
  // page's validators, sent back as If-None-Match and If-Modified-Since; page_links the
  // links a crawled page had, followed again when it answers 304 Not Modified.
  sql: `
ALTER TABLE datasources
  ADD COLUMN next_synch timestamptz,
  ADD COLUMN sync_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN sync_summary jsonb,
  ADD COLUMN http_etag text,
  ADD COLUMN http_last_modified text,
  ADD COLUMN page_links jsonb;
UPDATE datasources SET config = config - 'sync_interval_minutes'
  WHERE config ? 'sync_interval_minutes' AND NOT (
    type IN ('web_page', 'web_site') AND group_id IS NULL
    AND jsonb_typeof(config -> 'sync_interval_minutes') = 'number'
    AND (config ->> 'sync_interval_minutes')::numeric BETWEEN 1 AND 43200
    AND (config ->> 'sync_interval_minutes')::numeric % 1 = 0);
UPDATE datasources
  SET next_synch = now() + (config ->> 'sync_interval_minutes')::int * interval '1 minute'
  WHERE config ? 'sync_interval_minutes';
CREATE INDEX datasources_next_synch ON datasources (next_synch) WHERE next_synch IS NOT NULL;
`,
};

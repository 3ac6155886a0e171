import type { Migration } from './migration.js';

/** Migration 3: ingestion jobs, uploaded files, content hashes, chunk anchors. */
export const ingestionJobs: Migration = {
  id: 3,
  name: 'ingestion jobs, uploaded files, content hashes, chunk anchors',
  // A job is claimed with FOR UPDATE SKIP LOCKED and held by a lease (locked_until) that
  // its worker extends; a job whose worker died is claimed again once the lease expires.
  sql: `
CREATE TABLE ingestion_jobs (
  id text PRIMARY KEY,
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done')),
  attempts integer NOT NULL DEFAULT 0,
  requeue boolean NOT NULL DEFAULT false,
  locked_by text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ingestion_jobs_open ON ingestion_jobs (datasource_id) WHERE state <> 'done';
CREATE INDEX ingestion_jobs_claimable ON ingestion_jobs (state, locked_until, created_at)
  WHERE state <> 'done';
CREATE TABLE datasource_files (
  datasource_id text NOT NULL REFERENCES datasources (id) ON DELETE CASCADE,
  part integer NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (datasource_id, part)
);
ALTER TABLE datasources ADD COLUMN content_hash text;
CREATE INDEX datasources_group ON datasources (group_id);
ALTER TABLE chunks ADD COLUMN IF NOT EXISTS anchor text;
ALTER TABLE chunks ADD COLUMN IF NOT EXISTS page_number integer;
`,
};

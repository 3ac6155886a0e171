/**
 * Ingestion: datasources are stored `pending` with a job row; workers in any service
 * process claim jobs from the database (`FOR UPDATE SKIP LOCKED`, leases renewed while
 * they work, taken over when a worker dies), read the content (text, Q&A pairs, uploaded
 * files, web pages, whole sites), chunk it and replace the datasource's chunks atomically,
 * skipping unchanged content by its hash. Status: pending → running → synched | error.
 * Web sources may carry a schedule: a scheduler in every process with workers queues the
 * due ones through the same job queue; their re-syncs are conditional and keep what an
 * outage could not read (see `ingestWebSite`, `completeSync`).
 */

export {
  createDatasource,
  createFileDatasource,
  synchDatasource,
} from './create-datasource.js';
export {
  DEFAULT_SYNCS_PER_ORGANIZATION,
  type Ingestion,
  type IngestionOptions,
  startIngestion,
} from './ingestion-runtime.js';
export { DEFAULT_INGESTION_WORKERS } from './ingestion-worker.js';
export { detectFormat, SUPPORTED_FORMATS } from './loaders/index.js';
export { checkSyncInterval, patchDatasource } from './sync-schedule.js';
export { updateDatasourceDocument, upsertDocuments } from './upsert-documents.js';

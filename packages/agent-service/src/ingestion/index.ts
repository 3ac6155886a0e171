/**
 * Ingestion: datasources are stored `pending` with a job row; workers in any service
 * process claim jobs from the database (`FOR UPDATE SKIP LOCKED`, leases renewed while
 * they work, taken over when a worker dies), read the content (text, Q&A pairs, uploaded
 * files, web pages, whole sites), chunk it and replace the datasource's chunks atomically,
 * skipping unchanged content by its hash. Status: pending → running → synched | error.
 */

export {
  createDatasource,
  createFileDatasource,
  synchDatasource,
} from './create-datasource.js';
export { type Ingestion, type IngestionOptions, startIngestion } from './ingestion-runtime.js';
export { DEFAULT_INGESTION_WORKERS } from './ingestion-worker.js';
export { detectFormat, SUPPORTED_FORMATS } from './loaders/index.js';
export { updateDatasourceDocument, upsertDocuments } from './upsert-documents.js';

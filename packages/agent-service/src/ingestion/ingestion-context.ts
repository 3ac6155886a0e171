import type { ChunkAnalysisPool } from '../lexical-index/index.js';
import type { Logger } from '../logger.js';
import type { Database, Queryable } from '../store/index.js';
import type { SafeFetcher } from '../web/index.js';

/** What ingestion jobs share; built once by `startIngestion`. */
export interface IngestionContext {
  database: Database;
  /** The SSRF-safe fetcher for web pages, sitemaps and robots.txt. */
  fetcher: SafeFetcher;
  logger: Logger;
  /** Analyses large batches of chunks in a worker thread while the previous ones are stored. */
  chunkAnalysis: ChunkAnalysisPool;
  /** Queues what is told about datasources settled for good, inside their transaction. */
  onCommitted?: (transaction: Queryable, datasourceIds: readonly string[]) => Promise<void>;
}

/** A datasource row as the jobs read it. */
export interface DatasourceRecord {
  id: string;
  organizationId: string;
  datastoreId: string;
  type: string;
  name: string;
  config: Record<string, unknown>;
  text: string;
}

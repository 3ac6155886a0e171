import type { ChunkAnalysisPool } from '../lexical-index/index.js';
import type { Logger } from '../logger.js';
import type { Database, Queryable } from '../store/index.js';
import type { HttpValidators, SafeFetcher } from '../web/index.js';
import type { SyncCompletion } from './complete-sync.js';

/** What ingestion jobs share; built once by `startIngestion`. */
export interface IngestionContext {
  database: Database;
  /** The SSRF-safe fetcher for web pages, sitemaps and robots.txt. */
  fetcher: SafeFetcher;
  logger: Logger;
  /** Analyses large batches of chunks in a worker thread while the previous ones are stored. */
  chunkAnalysis: ChunkAnalysisPool;
  /** Called after each sync of a web source committed (counters, tests). */
  onSync?: ((completion: SyncCompletion) => void) | undefined;
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
  /** What a web source has indexed now, when it has chunks (for a conditional re-sync). */
  previous?: PreviousContent | undefined;
}

/** What a web page indexed at its last successful read. */
export interface PreviousContent {
  /** The content hash its chunks were made from. */
  contentHash: string;
  /** Its `ETag` / `Last-Modified` then; undefined when it sent neither. */
  validators?: HttpValidators | undefined;
  /** The links it had (a crawl follows them when it answers 304). */
  links: readonly string[];
  /** When it was last read. */
  readAt: Date;
}

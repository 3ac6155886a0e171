import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import type { SafeFetcher } from '../web/index.js';

/** What ingestion jobs share; built once by `createAgentService`. */
export interface IngestionContext {
  database: Database;
  /** The SSRF-safe fetcher for web pages, sitemaps and robots.txt. */
  fetcher: SafeFetcher;
  logger: Logger;
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

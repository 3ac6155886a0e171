import type { DatasourceType } from './enums.js';

/** One question and its answer, in a `qa` datasource. */
export interface QaPair {
  question: string;
  answer: string;
}

/**
 * `config` of a datasource being created, in Chaindesk's shape. Which fields apply depends
 * on the type; other fields (`custom_id`, `tags`, …) are kept as given and returned in the
 * datasource's `config`.
 */
export interface DatasourceCreateConfig {
  /** `web_page`: the page. `web_site`: the start URL of a crawl (when there is no `sitemap`). */
  source_url?: string;
  /** `web_site`: a sitemap.xml (or sitemap index) listing the pages. */
  sitemap?: string;
  /** `text`: the document's text (Chaindesk also takes it as the top-level `datasourceText`). */
  text?: string;
  /** `qa`: one pair … */
  question?: string;
  answer?: string;
  /** `qa`: … or a list of pairs. */
  pairs?: QaPair[];
  /** `web_site`: most pages (default 1,000; `config.stopped_by` is `max_pages` when it ended the crawl). */
  max_pages?: number;
  /** `web_site`: deepest link depth followed from the start URL (default 5). */
  max_depth?: number;
  /** `web_site`: other origins (`https://docs.example.com`) the crawl may enter. Default: only the start URL's. */
  allowed_origins?: string[];
  /** `web_site`: URL prefixes never fetched (Chaindesk's name). */
  black_listed_urls?: string[];
  /** Your own id for the datasource, usable in query filters (`filters.custom_ids`). */
  custom_id?: string;
  /**
   * `web_page`, `web_site`: minutes between scheduled re-syncs, 5 to 43,200 (30 days; see
   * `LIMITS.syncIntervalMinutes`); `null` or absent: synched only on request.
   */
  sync_interval_minutes?: number | null;
  [field: string]: unknown;
}

/**
 * JSON body of `POST /api/datasources` (Chaindesk's shape): creates a datasource in
 * `pending` and queues its ingestion; with `id` (a datasource of the same datastore) it
 * replaces that datasource's content and re-ingests it. Files are uploaded to the same
 * route as `multipart/form-data` (fields `type=file`, `datastoreId`, `file`, optional
 * `fileName`, `custom_id`, `id`).
 */
export interface DatasourceCreateBody {
  datastoreId: string;
  type: Exclude<DatasourceType, 'file'>;
  /** Default: the URL, the question, or "Text". */
  name?: string;
  /** Replace this datasource instead of creating one. */
  id?: string;
  /** Chaindesk's top-level text of a `text` datasource. */
  datasourceText?: string;
  /** Chaindesk's top-level `custom_id` (copied into `config.custom_id`). */
  custom_id?: string;
  config?: DatasourceCreateConfig;
}

/**
 * JSON body of `PATCH /api/datasources/{id}` (our service's extension): renames a
 * datasource or changes its sync schedule; its content is changed by re-creating it
 * (`POST /api/datasources` with `id`).
 */
export interface DatasourcePatchBody {
  name?: string;
  config?: {
    /** See {@link DatasourceCreateConfig.sync_interval_minutes}; `null` makes it manual. */
    sync_interval_minutes?: number | null;
  };
}

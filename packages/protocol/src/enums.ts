/** Models an agent can be configured with (Agent.modelName, agent update body). */
export const AGENT_MODEL_NAMES = [
  'gpt_3_5_turbo',
  'gpt_3_5_turbo_16k',
  'gpt_4',
  'gpt_4_32k',
] as const;
/** A model name accepted on an agent. */
export type AgentModelName = (typeof AGENT_MODEL_NAMES)[number];

/** Models a single query may override to (the seed excludes `gpt_4_32k` here). */
export const QUERY_MODEL_NAMES = ['gpt_3_5_turbo', 'gpt_3_5_turbo_16k', 'gpt_4'] as const;
/** A model name accepted as a per-query override. */
export type QueryModelName = (typeof QUERY_MODEL_NAMES)[number];

/** Who may see a resource. */
export const VISIBILITIES = ['public', 'private'] as const;
/** Resource visibility. */
export type Visibility = (typeof VISIBILITIES)[number];

/** How an agent's prompts are applied. */
export const PROMPT_TYPES = ['raw', 'customer_support'] as const;
/** Prompt type of an agent or query. */
export type PromptType = (typeof PROMPT_TYPES)[number];

/** Vector store kinds a datastore may have (the seed knows only `qdrant`). */
export const DATASTORE_TYPES = ['qdrant'] as const;
/** Datastore type. */
export type DatastoreType = (typeof DATASTORE_TYPES)[number];

/**
 * Statuses of a datasource still being worked on: they change without anyone acting, so a
 * client waiting for ingestion keeps polling. `pending` (queued) and `running` (a worker
 * holds its job) are, and so is `unsynched` (stored without a job, by a version from before
 * jobs existed): the service queues every such datasource at start-up.
 */
export const ACTIVE_DATASOURCE_STATUSES = ['unsynched', 'pending', 'running'] as const;
/**
 * Statuses where ingestion has ended, `synched` or `error` (with `config.errorMessage`):
 * they change only when someone synchs, updates or deletes the datasource.
 */
export const SETTLED_DATASOURCE_STATUSES = ['synched', 'error'] as const;
/** Lifecycle of a datasource's ingestion: the active statuses, then the settled ones. */
export const DATASOURCE_STATUSES = [
  ...ACTIVE_DATASOURCE_STATUSES,
  ...SETTLED_DATASOURCE_STATUSES,
] as const;
/** Datasource ingestion status. */
export type DatasourceStatus = (typeof DATASOURCE_STATUSES)[number];

/**
 * Whether a datasource's ingestion has ended ({@link SETTLED_DATASOURCE_STATUSES}); an
 * unknown status counts as settled, so a client never polls forever for it.
 */
export function isDatasourceSettled(status: string): boolean {
  return !(ACTIVE_DATASOURCE_STATUSES as readonly string[]).includes(status);
}

/**
 * Kinds of datasource (Chaindesk's names): `text` (a document's text), `file` (an uploaded
 * Markdown, HTML, PDF, DOCX or text file), `web_page` (one URL), `web_site` (a sitemap or a
 * crawl from a start URL; each page becomes a `web_page` child with the site's id as
 * `groupId`) and `qa` (question and answer pairs).
 */
export const DATASOURCE_TYPES = ['text', 'file', 'web_page', 'web_site', 'qa'] as const;
/** Datasource type. */
export type DatasourceType = (typeof DATASOURCE_TYPES)[number];

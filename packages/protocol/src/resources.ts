import type { ContactCaptureSettings } from './contacts.js';
import type {
  AgentModelName,
  DatasourceStatus,
  DatasourceType,
  DatastoreType,
  PromptType,
  Visibility,
} from './enums.js';

/** An agent: a configured assistant that answers from its datastores. */
export interface Agent {
  id: string;
  name: string;
  description: string;
  modelName: AgentModelName;
  temperature: number;
  visibility: Visibility;
  systemPrompt: string | null;
  userPrompt: string | null;
  promptType: PromptType;
  promptTemplate: string | null;
  /** Datastores the agent retrieves from (our service's extension; optional elsewhere). */
  datastoreIds?: string[];
  /** Whether the widget offers "talk to a person" (our service's extension; default false). */
  handoffEnabled?: boolean;
  /** When the widget asks for the visitor's contact (our service's extension; default off). */
  contactCapture?: ContactCaptureSettings;
}

/** A datastore: a searchable collection of datasources. */
export interface Datastore {
  id: string;
  name: string;
  description: string;
  type: DatastoreType;
  visibility: Visibility;
}

/** A datasource: one document (or crawled source) inside a datastore. */
export interface Datasource {
  id: string;
  type: DatasourceType;
  name: string;
  status: DatasourceStatus;
  /** Datasources ingested together share a group id (may be null). */
  groupId: string | null;
  /** ISO 8601 timestamps. */
  updatedAt: string;
  createdAt: string;
  lastSynch: string | null;
  /** Free-form configuration, e.g. `{ source_url, custom_id, errorMessage }`. */
  config: Record<string, unknown>;
  /** The datastore it belongs to (our service's extension). */
  datastoreId?: string;
  /** Number of chunks indexed now (Chaindesk's field; our service sets it on reads and lists). */
  nbChunks?: number;
  /** Characters of text indexed now (Chaindesk's field; our service sets it on reads and lists). */
  textSize?: number;
  /**
   * When the next scheduled sync is due (ISO 8601), for a `web_page` or `web_site` with a
   * `config.sync_interval_minutes`; null when it is synched only on request (our extension).
   */
  nextSynch?: string | null;
  /** What the last sync of a web source did; null before the first (our extension). */
  lastSyncSummary?: SyncSummary | null;
}

/**
 * What one sync of a web source did, counted in pages: `added` (new), `changed` (their
 * text changed: re-indexed), `unchanged` (not modified, or the same text: chunks kept),
 * `removed` (404/410, or gone from a sitemap that was read), `failed` (could not be read:
 * their previous content is kept), and how long it took.
 */
export interface SyncSummary {
  added: number;
  changed: number;
  unchanged: number;
  removed: number;
  failed: number;
  seconds: number;
  /** When it ended (ISO 8601). */
  finishedAt: string;
}

/** Body of `POST /api/agents` (our service's extension; the seed only implies creation). */
export interface AgentCreateBody {
  name: string;
  description?: string;
  modelName?: AgentModelName;
  temperature?: number;
  visibility?: Visibility;
  systemPrompt?: string | null;
  userPrompt?: string | null;
  promptType?: PromptType;
  promptTemplate?: string | null;
  datastoreIds?: string[];
  handoffEnabled?: boolean;
  contactCapture?: ContactCaptureSettings;
}

/** Body of `PATCH /api/agents/{id}`: every field optional. */
export type AgentUpdateBody = Partial<AgentCreateBody>;

/** Body of `POST /api/datastores` (our service's extension). */
export interface DatastoreCreateBody {
  name: string;
  description?: string;
  type?: DatastoreType;
  visibility?: Visibility;
}

/** Body of `PATCH /api/datastores/{id}`. */
export interface DatastoreUpdateBody {
  name?: string;
  description?: string;
  type?: DatastoreType;
  visibility?: Visibility;
  /** Chaindesk's visibility flag; without it Chaindesk flips the datastore private. */
  isPublic?: boolean;
  /** Chaindesk updates the datastore named here, not the one in the path. */
  id?: string;
}

/** A document in a (deprecated) upsert body. */
export interface UpsertDocument {
  text: string;
  name: string;
  metadata?: Record<string, unknown>;
}

/** Body of `POST /api/datastores/upsert/{datastoreId}` (deprecated). */
export interface DatasourceUpsertBody {
  documents: UpsertDocument[];
}

/** Response of the upsert operation. */
export interface DatasourceUpsertResponse {
  ids: string[];
}

/** Body of `POST /api/datastores/update/{datastoreId}` (deprecated). */
export interface DatasourceUpdateBody {
  id: string;
  name: string;
  text?: string;
  metadata?: Record<string, unknown>;
}

/** Response of the deprecated update operation. */
export interface DatasourceUpdateResponse {
  id: string;
}

import {
  agentCreateSchema,
  agentUpdateSchema,
  contactListQuerySchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationStatusSchema,
  datasourceCreateSchema,
  datasourcePatchSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreQuerySchema,
  datastoreUpdateSchema,
  deliveryListQuerySchema,
  discordIntegrationSchema,
  emptyBodySchema,
  gapAnswerSchema,
  gapHideSchema,
  gapTopicsQuerySchema,
  gapUnhideSchema,
  insightsQuerySchema,
  operatorMessageSchema,
  slackIntegrationSchema,
} from '@agent-chat/protocol/schemas';

type BodySchema =
  | typeof agentCreateSchema
  | typeof agentUpdateSchema
  | typeof datastoreCreateSchema
  | typeof datastoreUpdateSchema
  | typeof emptyBodySchema
  | typeof datasourceUpdateSchema
  | typeof datasourceUpsertSchema
  | typeof operatorMessageSchema
  | typeof conversationStatusSchema
  | typeof datasourceCreateSchema
  | typeof datastoreQuerySchema
  | typeof datasourcePatchSchema
  | typeof gapAnswerSchema
  | typeof gapHideSchema
  | typeof gapUnhideSchema
  | typeof slackIntegrationSchema
  | typeof discordIntegrationSchema;

type QuerySchema =
  | typeof contactListQuerySchema
  | typeof conversationListQuerySchema
  | typeof conversationExportQuerySchema
  | typeof insightsQuerySchema
  | typeof gapTopicsQuerySchema
  | typeof deliveryListQuerySchema;

/** The Chaindesk quirk an operation must be guarded against (see `chaindesk-guards.ts`). */
export type ChaindeskGuard = 'agent-update' | 'datastore-update';

/** One admin operation of the API. */
export interface AdminOperation {
  method: 'get' | 'patch' | 'delete' | 'post';
  /** Express path, relative to the BFF mount; the resource id, if any, is always `:id`. */
  path: string;
  /** Upstream path for a validated id (`''` for paths without one). */
  upstreamPath: (id: string) => string;
  /** The protocol schema of its body (a `get` sends none upstream). */
  schema: BodySchema;
  /** Largest body, bytes (413 beyond). Default `LIMITS.jsonBodyBytes.max` (10 MiB). */
  maxBodyBytes?: number;
  /** The protocol schema of its query string: validated and re-sent (others drop it). */
  query?: QuerySchema;
  /** The answer is streamed through as it comes (an export), not buffered. */
  stream?: true;
  /** Also takes a `multipart/form-data` file upload, streamed through (`POST /api/datasources`). */
  upload?: true;
  deprecated?: true;
  guard?: ChaindeskGuard;
  /**
   * The id is a host site's own (a user id: an email, a UUID …), not an `ID_PATTERN` id:
   * 1 to 256 characters without control characters, sent upstream percent-encoded.
   */
  hostId?: true;
  /**
   * The body field that records who acted: on a console session's call it is set to the
   * signed-in operator (whatever the body said); a Bearer-token call keeps its own.
   */
  operatorField?: 'by';
}

/** Largest datastore query body: a 10 000-character query and full filter lists fit. */
const DATASTORE_QUERY_MAX_BODY_BYTES = 128 * 1024;

/**
 * The admin operations of the API (the seed's seven), the agent and datastore directories
 * the console lists and creates with, ingestion (create, upload, synch, read and list
 * datasources), the datastore search (Chaindesk's `POST /api/datastores/{id}/query`, what
 * LangChain's `ChaindeskRetriever` calls), the conversation transcripts (issue 16),
 * insights and their content-gap topics, the contacts visitors left (list, CSV, erasure), a
 * signed-in user's erasure and the delivery log, at the
 * upstream's own paths; the README's "Admin routes" lists them all.
 * Express matches in this order: fixed paths (`/api/conversations/export`) come before
 * `:id` ones.
 */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
  {
    method: 'get',
    path: '/api/agents',
    upstreamPath: () => '/api/agents',
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/agents',
    upstreamPath: () => '/api/agents',
    schema: agentCreateSchema,
  },
  {
    method: 'get',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'get',
    path: '/api/datastores',
    upstreamPath: () => '/api/datastores',
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/datastores',
    upstreamPath: () => '/api/datastores',
    schema: datastoreCreateSchema,
  },
  {
    method: 'patch',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: agentUpdateSchema,
    guard: 'agent-update',
  },
  {
    method: 'delete',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'patch',
    path: '/api/datastores/:id',
    upstreamPath: (id) => `/api/datastores/${id}`,
    schema: datastoreUpdateSchema,
    guard: 'datastore-update',
  },
  {
    method: 'delete',
    path: '/api/datastores/:id',
    upstreamPath: (id) => `/api/datastores/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'delete',
    path: '/api/datasources/:id',
    upstreamPath: (id) => `/api/datasources/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/datasources',
    upstreamPath: () => '/api/datasources',
    schema: datasourceCreateSchema,
    upload: true,
  },
  {
    method: 'post',
    path: '/api/datasources/:id/synch',
    upstreamPath: (id) => `/api/datasources/${id}/synch`,
    schema: emptyBodySchema,
  },
  {
    method: 'get',
    path: '/api/datasources/:id',
    upstreamPath: (id) => `/api/datasources/${id}`,
    schema: emptyBodySchema,
  },
  {
    // A web source's sync schedule (the console's Knowledge page), or its name.
    method: 'patch',
    path: '/api/datasources/:id',
    upstreamPath: (id) => `/api/datasources/${id}`,
    schema: datasourcePatchSchema,
  },
  {
    method: 'get',
    path: '/api/datastores/:id/datasources',
    upstreamPath: (id) => `/api/datastores/${id}/datasources`,
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/datastores/update/:id',
    upstreamPath: (id) => `/api/datastores/update/${id}`,
    schema: datasourceUpdateSchema,
    deprecated: true,
  },
  {
    method: 'post',
    path: '/api/datastores/upsert/:id',
    upstreamPath: (id) => `/api/datastores/upsert/${id}`,
    schema: datasourceUpsertSchema,
    deprecated: true,
  },
  {
    // After the deprecated routes: `/api/datastores/update/query` is an update.
    method: 'post',
    path: '/api/datastores/:id/query',
    upstreamPath: (id) => `/api/datastores/${id}/query`,
    schema: datastoreQuerySchema,
    maxBodyBytes: DATASTORE_QUERY_MAX_BODY_BYTES,
  },
  {
    method: 'get',
    path: '/api/conversations',
    upstreamPath: () => '/api/conversations',
    schema: emptyBodySchema,
    query: conversationListQuerySchema,
  },
  {
    method: 'get',
    path: '/api/conversations/export',
    upstreamPath: () => '/api/conversations/export',
    schema: emptyBodySchema,
    query: conversationExportQuerySchema,
    stream: true,
  },
  {
    // The console's Insights page: aggregates over the conversations of a range.
    method: 'get',
    path: '/api/insights',
    upstreamPath: () => '/api/insights',
    schema: emptyBodySchema,
    query: insightsQuerySchema,
  },
  {
    // The Insights page's content-gap topics (issue 53): listed, answered once, hidden, shown again.
    method: 'get',
    path: '/api/insights/gaps',
    upstreamPath: () => '/api/insights/gaps',
    schema: emptyBodySchema,
    query: gapTopicsQuerySchema,
  },
  {
    method: 'post',
    path: '/api/insights/gaps/answer',
    upstreamPath: () => '/api/insights/gaps/answer',
    schema: gapAnswerSchema,
    operatorField: 'by',
  },
  {
    method: 'post',
    path: '/api/insights/gaps/hide',
    upstreamPath: () => '/api/insights/gaps/hide',
    schema: gapHideSchema,
    operatorField: 'by',
  },
  {
    method: 'post',
    path: '/api/insights/gaps/unhide',
    upstreamPath: () => '/api/insights/gaps/unhide',
    schema: gapUnhideSchema,
  },
  {
    // The console's Deliveries page: the outbox of mails and webhook events.
    method: 'get',
    path: '/api/deliveries',
    upstreamPath: () => '/api/deliveries',
    schema: emptyBodySchema,
    query: deliveryListQuerySchema,
  },
  {
    method: 'post',
    path: '/api/conversations/update-status',
    upstreamPath: () => '/api/conversations/update-status',
    schema: conversationStatusSchema,
  },
  {
    method: 'get',
    path: '/api/conversations/:id',
    upstreamPath: (id) => `/api/conversations/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'delete',
    path: '/api/conversations/:id',
    upstreamPath: (id) => `/api/conversations/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/conversations/:id/messages',
    upstreamPath: (id) => `/api/conversations/${id}/messages`,
    schema: operatorMessageSchema,
  },
  {
    // Streamed: `format=csv` is an export of every match (a JSON page streams as well).
    method: 'get',
    path: '/api/contacts',
    upstreamPath: () => '/api/contacts',
    schema: emptyBodySchema,
    query: contactListQuerySchema,
    stream: true,
  },
  {
    method: 'delete',
    path: '/api/contacts/:id',
    upstreamPath: (id) => `/api/contacts/${id}`,
    schema: emptyBodySchema,
  },
  {
    // A signed-in user's erasure (the privacy request a host site receives).
    method: 'delete',
    path: '/api/users/:id',
    upstreamPath: (id) => `/api/users/${id}`,
    schema: emptyBodySchema,
    hostId: true,
  },
  // An agent's Slack and Discord apps (the console's agent page): the secrets go up once,
  // sealed by the service; what comes back is only whether it is connected.
  ...(['slack', 'discord'] as const).flatMap((kind): AdminOperation[] => [
    {
      method: 'get',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: emptyBodySchema,
    },
    {
      method: 'post',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: kind === 'slack' ? slackIntegrationSchema : discordIntegrationSchema,
    },
    {
      method: 'delete',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: emptyBodySchema,
    },
  ]),
];

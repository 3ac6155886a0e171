/**
 * One admin operation of the API as data: its method and path, the upstream path, the
 * protocol schemas of its body and query, and how it is relayed (streamed, uploaded,
 * guarded, deprecated).
 */
import type {
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

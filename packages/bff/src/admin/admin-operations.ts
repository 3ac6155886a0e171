import {
  agentUpdateSchema,
  datasourceCreateSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreUpdateSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';

type BodySchema =
  | typeof agentUpdateSchema
  | typeof datastoreUpdateSchema
  | typeof emptyBodySchema
  | typeof datasourceUpdateSchema
  | typeof datasourceUpsertSchema
  | typeof datasourceCreateSchema;

/** The Chaindesk quirk an operation must be guarded against (see `chaindesk-guards.ts`). */
export type ChaindeskGuard = 'agent-update' | 'datastore-update';

/** One admin operation of the API. */
export interface AdminOperation {
  method: 'patch' | 'delete' | 'post' | 'get';
  /** Express path, relative to the BFF mount; the resource id, when there is one, is `:id`. */
  path: string;
  /** Upstream path for a validated id. */
  upstreamPath: (id: string) => string;
  /** The protocol schema of its body (a `get` sends none). */
  schema: BodySchema;
  /** Also takes a `multipart/form-data` file upload, streamed through (`POST /api/datasources`). */
  upload?: true;
  deprecated?: true;
  guard?: ChaindeskGuard;
}

/**
 * The admin operations of the API (DESIGN.md section 2, and ingestion: create, upload,
 * synch, read and list datasources), at the upstream's own paths.
 */
export const ADMIN_OPERATIONS: readonly AdminOperation[] = [
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
];

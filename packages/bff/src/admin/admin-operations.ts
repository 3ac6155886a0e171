import {
  agentUpdateSchema,
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
  | typeof datasourceUpsertSchema;

/** The Chaindesk quirk an operation must be guarded against (see `chaindesk-guards.ts`). */
export type ChaindeskGuard = 'agent-update' | 'datastore-update';

/** One admin operation of the API. */
export interface AdminOperation {
  method: 'patch' | 'delete' | 'post';
  /** Express path, relative to the BFF mount; the resource id is always `:id`. */
  path: string;
  /** Upstream path for a validated id. */
  upstreamPath: (id: string) => string;
  /** The protocol schema of its body. */
  schema: BodySchema;
  deprecated?: true;
  guard?: ChaindeskGuard;
}

/** The seven admin operations of the API (DESIGN.md section 2), at the upstream's own paths. */
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

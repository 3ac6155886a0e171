/**
 * The admin operations on knowledge: datastores (directory, update, delete, the datastore
 * search), their datasources (create or upload, synch, read, list, patch, delete) and the
 * seed's deprecated update and upsert routes.
 */
import {
  datasourceCreateSchema,
  datasourcePatchSchema,
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreQuerySchema,
  datastoreUpdateSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';
import type { AdminOperation } from './admin-operation.js';

/** Largest datastore query body: a 10 000-character query and full filter lists fit. */
const DATASTORE_QUERY_MAX_BODY_BYTES = 128 * 1024;

/**
 * Datastores and datasources, in the order Express matches them: the deprecated
 * `/api/datastores/update/:id` comes before `/api/datastores/:id/query`.
 */
export const KNOWLEDGE_OPERATIONS: readonly AdminOperation[] = [
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
];

/**
 * The Datastores routes of the OpenAPI registry (`/api/datastores`, api/'s datastore-routes):
 * the CRUD, a datastore's datasources, search without an answer, and the deprecated
 * Chaindesk upsert/update of text documents.
 */
import {
  datasourceSchema,
  datasourceUpdateResponseSchema,
  datasourceUpdateSchema,
  datasourceUpsertResponseSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreQueryResponseSchema,
  datastoreQuerySchema,
  datastoreSchema,
  datastoreUpdateSchema,
} from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The Datastores routes, as the document publishes them. */
export const DATASTORE_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/datastores',
    operationId: 'listDatastores',
    summary: 'List the organization’s datastores',
    tag: 'Datastores',
    responses: { 200: z.array(datastoreSchema) },
  },
  {
    method: 'post',
    path: '/api/datastores',
    operationId: 'createDatastore',
    summary: 'Create a datastore',
    tag: 'Datastores',
    body: datastoreCreateSchema,
    responses: { 201: datastoreSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/datastores/{id}',
    operationId: 'getDatastore',
    summary: 'Read a datastore',
    tag: 'Datastores',
    responses: { 200: datastoreSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/datastores/{id}',
    operationId: 'updateDatastore',
    summary: 'Update a datastore (only the fields sent)',
    tag: 'Datastores',
    body: datastoreUpdateSchema,
    responses: { 200: datastoreSchema },
    errors: [[400, 'INVALID_REQUEST: a field is invalid, or `id` is not the path’s'], 404],
  },
  {
    method: 'delete',
    path: '/api/datastores/{id}',
    operationId: 'deleteDatastore',
    summary: 'Delete a datastore with its datasources; answers it as it was',
    tag: 'Datastores',
    ...deleteBody,
    responses: { 200: datastoreSchema },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/datastores/{id}/datasources',
    operationId: 'listDatasources',
    summary: 'List a datastore’s datasources, with their ingestion status',
    tag: 'Datastores',
    responses: { 200: z.array(datasourceSchema) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/datastores/{id}/query',
    operationId: 'queryDatastore',
    summary: 'Search a datastore: the best fragments, no answer (LangChain’s ChaindeskRetriever)',
    tag: 'Datastores',
    body: datastoreQuerySchema,
    responses: { 200: datastoreQueryResponseSchema },
    errors: [
      400,
      [403, 'FORBIDDEN: `filters.datastore_ids` names another datastore than the path’s'],
      404,
    ],
  },
  {
    method: 'post',
    path: '/api/datastores/upsert/{id}',
    operationId: 'upsertDocuments',
    summary: 'Add text documents to a datastore; answers once they are indexed',
    tag: 'Datastores',
    deprecated: true,
    body: datasourceUpsertSchema,
    responses: { 200: datasourceUpsertResponseSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/datastores/update/{id}',
    operationId: 'updateDocument',
    summary: 'Replace a text document of a datastore; answers once it is indexed',
    tag: 'Datastores',
    deprecated: true,
    body: datasourceUpdateSchema,
    responses: { 200: datasourceUpdateResponseSchema },
    errors: [400, 404],
  },
];

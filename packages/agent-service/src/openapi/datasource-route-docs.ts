/**
 * The Datasources routes of the OpenAPI registry (`/api/datasources`, api/'s datasource-routes):
 * create (JSON or a multipart upload), read, rename or schedule, delete, sync again.
 */
import {
  datasourceCreateSchema,
  datasourcePatchSchema,
  datasourceSchema,
  datasourceUploadFormSchema,
} from '@agent-chat/protocol/schemas';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The Datasources routes, as the document publishes them. */
export const DATASOURCE_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/datasources',
    operationId: 'createDatasource',
    summary: 'Add a datasource (text, web page, web site, Q&A, or an uploaded file)',
    description:
      'Answers at once with the datasource `pending`; poll `GET /api/datasources/{id}` until ' +
      'it is `synched` or `error`. Files are sent as `multipart/form-data`, everything else as JSON.',
    tag: 'Datasources',
    body: datasourceCreateSchema,
    form: datasourceUploadFormSchema,
    responses: { 201: datasourceSchema },
    errors: [
      400,
      [404, 'NOT_FOUND: no such datastore (or datasource to replace)'],
      [415, 'UNSUPPORTED_TYPE: the file is not Markdown, HTML, PDF, DOCX or text'],
    ],
  },
  {
    method: 'get',
    path: '/api/datasources/{id}',
    operationId: 'getDatasource',
    summary: 'Read a datasource and its ingestion status',
    tag: 'Datasources',
    responses: { 200: datasourceSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/datasources/{id}',
    operationId: 'updateDatasource',
    summary: 'Rename a datasource, or set a web page’s or site’s sync schedule',
    description:
      '`config.sync_interval_minutes` (or `null` for manual syncs) sets `nextSynch`, counted ' +
      'from the last sync: a source last synched longer ago is due at once. Nothing is ' +
      're-ingested by this call; `POST /api/datasources/{id}/synch` does that.',
    tag: 'Datasources',
    body: datasourcePatchSchema,
    responses: { 200: datasourceSchema },
    errors: [
      [
        400,
        'INVALID_REQUEST: a field is invalid or cannot be changed, an interval below the service’s minimum (`SYNC_MIN_INTERVAL_MINUTES`), or a schedule on a datasource that is not a web page or site of its own',
      ],
      404,
    ],
  },
  {
    method: 'delete',
    path: '/api/datasources/{id}',
    operationId: 'deleteDatasource',
    summary: 'Delete a datasource and its indexed text; answers it as it was',
    tag: 'Datasources',
    ...deleteBody,
    responses: { 200: datasourceSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/api/datasources/{id}/synch',
    operationId: 'synchDatasource',
    summary: 'Ingest a datasource again (fetch its page or site anew)',
    tag: 'Datasources',
    ...deleteBody,
    responses: { 200: datasourceSchema },
    errors: [400, 404],
  },
];

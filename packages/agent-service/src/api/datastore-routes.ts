import type {
  DatasourceUpdateBody,
  DatasourceUpsertBody,
  DatastoreCreateBody,
  DatastoreQueryRequest,
  DatastoreUpdateBody,
} from '@agent-chat/protocol';
import {
  datasourceUpdateSchema,
  datasourceUpsertSchema,
  datastoreCreateSchema,
  datastoreQuerySchema,
  datastoreUpdateSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';
import { type Response, Router } from 'express';
import { forbidden, invalidRequest } from '../agent-service-error.js';
import { updateDatasourceDocument, upsertDocuments } from '../ingestion/index.js';
import {
  createDatastore,
  deleteDatastore,
  getDatastore,
  listDatasources,
  listDatastores,
  updateDatastore,
} from '../knowledge/index.js';
import { searchDatastore } from '../retrieval/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

function markDeprecated(res: Response): void {
  res.set('Deprecation', 'true');
}

/**
 * `POST/GET /datastores`, `GET/PATCH/DELETE /datastores/:id`,
 * `GET /datastores/:id/datasources`, `POST /datastores/:id/query` (search) and the deprecated
 * `POST /datastores/upsert/:id` and `POST /datastores/update/:id` (mounted under `/api`).
 */
export function createDatastoreRoutes(context: ServiceContext): Router {
  const { database, ingestion } = context;
  const router = Router();
  router.get('/datastores', async (_req, res) => {
    res.json(await listDatastores(database, organizationOf(res.locals).id));
  });
  router.post('/datastores', async (req, res) => {
    const body = validateBody<DatastoreCreateBody>(datastoreCreateSchema, req.body);
    res.status(201).json(await createDatastore(database, organizationOf(res.locals).id, body));
  });
  router.post('/datastores/upsert/:id', async (req, res) => {
    markDeprecated(res);
    const body = validateBody<DatasourceUpsertBody>(datasourceUpsertSchema, req.body, {
      nulAllowed: (field) => /^documents\[\d+\]\.text$/.test(field),
    });
    const ids = await upsertDocuments(
      database,
      organizationOf(res.locals).id,
      req.params.id,
      body.documents,
    );
    // The seed's upsert answers once its documents are indexed (or failed), as it always has.
    ingestion.wake({ batch: ids.length > 1 });
    await ingestion.waitFor(ids);
    res.json({ ids });
  });
  router.post('/datastores/update/:id', async (req, res) => {
    markDeprecated(res);
    const body = validateBody<DatasourceUpdateBody>(datasourceUpdateSchema, req.body, {
      nulAllowed: (field) => field === 'text',
    });
    const updated = await updateDatasourceDocument(
      database,
      organizationOf(res.locals).id,
      req.params.id,
      body,
    );
    ingestion.wake();
    await ingestion.waitFor([updated.id]);
    res.json(updated);
  });
  router.get('/datastores/:id', async (req, res) => {
    res.json(await getDatastore(database, organizationOf(res.locals).id, req.params.id));
  });
  router.post('/datastores/:id/query', async (req, res) => {
    const organizationId = organizationOf(res.locals).id;
    const datastore = await getDatastore(database, organizationId, req.params.id);
    const body = validateBody<DatastoreQueryRequest>(datastoreQuerySchema, req.body);
    const other = body.filters?.datastore_ids?.find((id) => id !== datastore.id);
    if (other !== undefined) {
      // The hosted service refuses datastore_ids here: a datastore query searches its own.
      throw forbidden(
        `filters.datastore_ids may name only datastore "${datastore.id}" (the one in the path), not "${other}".`,
      );
    }
    res.json(
      await searchDatastore(database, datastore.id, body, {
        vectorSearch: context.hybrid?.vectorSearch,
        stagesOff: context.stagesOff,
      }),
    );
  });
  router.get('/datastores/:id/datasources', async (req, res) => {
    res.json(await listDatasources(database, organizationOf(res.locals).id, req.params.id));
  });
  router.patch('/datastores/:id', async (req, res) => {
    const body = validateBody<DatastoreUpdateBody>(datastoreUpdateSchema, req.body);
    if (body.id !== undefined && body.id !== req.params.id) {
      throw invalidRequest('id in the body must be the id in the path (or be left out).');
    }
    res.json(await updateDatastore(database, organizationOf(res.locals).id, req.params.id, body));
  });
  router.delete('/datastores/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    res.json(await deleteDatastore(database, organizationOf(res.locals).id, req.params.id));
  });
  return router;
}

import {
  type DatasourceCreateBody,
  type DatasourcePatchBody,
  ERROR_CODES,
} from '@agent-chat/protocol';
import {
  datasourceCreateSchema,
  datasourcePatchSchema,
  datasourceUploadFormSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';
import { type Request, type Response, Router } from 'express';
import type { z } from 'zod';
import { AgentServiceError } from '../agent-service-error.js';
import {
  checkSyncInterval,
  createDatasource,
  createFileDatasource,
  detectFormat,
  patchDatasource,
  SUPPORTED_FORMATS,
  synchDatasource,
} from '../ingestion/index.js';
import { deleteDatasource, getDatasource } from '../knowledge/index.js';
import { organizationOf } from './auth-middleware.js';
import { receiveUpload } from './receive-upload.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

function unsupportedType(fileName: string, mimeType: string): AgentServiceError {
  const supported = SUPPORTED_FORMATS.map(
    (entry) => `${entry.extensions.join('/')} (${entry.mimeTypes.join(', ')})`,
  ).join('; ');
  return new AgentServiceError(
    ERROR_CODES.unsupportedType,
    415,
    `${fileName} (${mimeType}) is not a supported file type. Supported: ${supported}.`,
  );
}

/** The upload's text fields (the file part is streamed to disk, not validated as a field). */
const uploadFieldsSchema = datasourceUploadFormSchema.omit({ file: true });
type UploadFields = z.output<typeof uploadFieldsSchema>;

/** A form's fields without the empty ones: an empty field counts as one not sent. */
function filledFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}

/**
 * `POST /datasources` (JSON: text, web_page, web_site, qa; multipart/form-data: file),
 * `POST /datasources/:id/synch`, `GET/PATCH/DELETE /datasources/:id` (mounted under `/api`;
 * PATCH renames or sets the sync schedule of a web source).
 * Creation answers at once with the datasource `pending`; the workers ingest it.
 */
export function createDatasourceRoutes(context: ServiceContext): Router {
  const { database, ingestion } = context;
  const router = Router();

  async function upload(req: Request, res: Response): Promise<void> {
    const organizationId = organizationOf(res.locals).id;
    let received: Awaited<ReturnType<typeof receiveUpload>>;
    try {
      received = await receiveUpload(req, context.uploadLimitBytes);
    } catch (error) {
      if (error instanceof AgentServiceError && error.status === 413) {
        // The client may still be sending: answer, then read and drop the rest.
        res.set('Connection', 'close');
        req.resume();
      }
      throw error;
    }
    try {
      const { file } = received;
      const fields = validateBody<UploadFields>(uploadFieldsSchema, filledFields(received.fields), {
        nulAllowed: (field) => field === 'fileName',
      });
      const fileName = (fields.fileName ?? file.fileName).replace(/\u0000/g, '');
      if (detectFormat({ fileName, mimeType: file.mimeType, bytes: file.head }) === undefined) {
        throw unsupportedType(fileName, file.mimeType);
      }
      const datasource = await createFileDatasource(database, organizationId, {
        datastoreId: fields.datastoreId,
        fileName,
        mimeType: file.mimeType,
        path: file.path,
        size: file.size,
        customId: fields.custom_id,
        id: fields.id,
      });
      ingestion.wake();
      res.status(201).json(datasource);
    } finally {
      await received.cleanup();
    }
  }

  router.post('/datasources', async (req, res) => {
    if (req.is('multipart/form-data')) {
      await upload(req, res);
      return;
    }
    const body = validateBody<DatasourceCreateBody>(datasourceCreateSchema, req.body, {
      nulAllowed: (field) => field === 'config.text' || field === 'datasourceText',
    });
    checkSyncInterval(body.config?.sync_interval_minutes, context.syncMinIntervalMinutes);
    const datasource = await createDatasource(database, organizationOf(res.locals).id, body);
    ingestion.wake();
    res.status(201).json(datasource);
  });
  router.post('/datasources/:id/synch', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const datasource = await synchDatasource(
      database,
      organizationOf(res.locals).id,
      req.params.id,
    );
    ingestion.wake();
    res.json(datasource);
  });
  router.patch('/datasources/:id', async (req, res) => {
    const body = validateBody<DatasourcePatchBody>(datasourcePatchSchema, req.body);
    res.json(
      await patchDatasource(
        database,
        organizationOf(res.locals).id,
        req.params.id,
        body,
        context.syncMinIntervalMinutes,
      ),
    );
  });
  router.get('/datasources/:id', async (req, res) => {
    res.json(await getDatasource(database, organizationOf(res.locals).id, req.params.id));
  });
  router.delete('/datasources/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const deleted = await deleteDatasource(database, organizationOf(res.locals).id, req.params.id);
    // Its chunks' term statistics went out as deltas: compacted when ingestion is idle.
    ingestion.changed();
    res.json(deleted);
  });
  return router;
}

import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { id, positiveInteger, text } from './schema-helpers.js';

const bodyError = { error: 'The request body must be a JSON object' };

/** Types created from a JSON body; `file` is uploaded as multipart/form-data instead. */
const JSON_TYPES = ['text', 'web_page', 'web_site', 'qa'] as const;

function httpUrl(field: string) {
  return z
    .string({ error: `${field} must be a string` })
    .max(2_048, { error: `${field} must be at most 2048 characters` })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: `${field} must be an absolute http:// or https:// URL` },
    );
}

/** Types that take a sync schedule (`config.sync_interval_minutes`). */
const WEB_TYPES: readonly string[] = ['web_page', 'web_site'];

const syncIntervalMessage = `config.sync_interval_minutes must be a whole number of minutes from ${LIMITS.syncIntervalMinutes.min} to ${LIMITS.syncIntervalMinutes.max} (30 days), or null for manual syncs`;

/**
 * `config.sync_interval_minutes`: whole minutes up to 30 days, or null. The lowest value
 * the schema takes is `LIMITS.syncIntervalMinutes.floor`; the service refuses values below
 * its own minimum (`SYNC_MIN_INTERVAL_MINUTES`, default 5), which it alone knows.
 */
const syncInterval = z
  .number({ error: syncIntervalMessage })
  .int({ error: syncIntervalMessage })
  .min(LIMITS.syncIntervalMinutes.floor, { error: syncIntervalMessage })
  .max(LIMITS.syncIntervalMinutes.max, { error: syncIntervalMessage })
  .nullable()
  .optional();

const qaPair = z.object(
  {
    question: text('config.pairs[].question', LIMITS.promptLength.max, 1),
    answer: text('config.pairs[].answer', LIMITS.documentLength.max, 1),
  },
  { error: 'each pair must be an object with question and answer' },
);

const configSchema = z.looseObject(
  {
    source_url: httpUrl('config.source_url').optional(),
    sitemap: httpUrl('config.sitemap').optional(),
    text: text('config.text', LIMITS.documentLength.max, 1).optional(),
    question: text('config.question', LIMITS.promptLength.max, 1).optional(),
    answer: text('config.answer', LIMITS.documentLength.max, 1).optional(),
    pairs: z
      .array(qaPair, { error: 'config.pairs must be an array of {question, answer}' })
      .min(1, { error: 'config.pairs must hold at least one pair' })
      .max(LIMITS.qaPairs.max, {
        error: `config.pairs may hold at most ${LIMITS.qaPairs.max} pairs`,
      })
      .optional(),
    max_pages: positiveInteger('config.max_pages', LIMITS.crawlPages.max).optional(),
    max_depth: z
      .number({ error: 'config.max_depth must be a number' })
      .int({ error: 'config.max_depth must be a whole number' })
      .min(0, { error: 'config.max_depth must be between 0 and 50' })
      .max(LIMITS.crawlDepth.max, { error: 'config.max_depth must be between 0 and 50' })
      .optional(),
    allowed_origins: z
      .array(httpUrl('config.allowed_origins[]'), {
        error: 'config.allowed_origins must be an array of URLs',
      })
      .max(100, { error: 'config.allowed_origins may hold at most 100 origins' })
      .optional(),
    black_listed_urls: z
      .array(httpUrl('config.black_listed_urls[]'), {
        error: 'config.black_listed_urls must be an array of URLs',
      })
      .max(1_000, { error: 'config.black_listed_urls may hold at most 1000 URLs' })
      .optional(),
    custom_id: text('config.custom_id', LIMITS.idLength.max).optional(),
    sync_interval_minutes: syncInterval,
  },
  { error: 'config must be an object' },
);

/**
 * Schema of the JSON body of `POST /api/datasources` (Chaindesk's shape): `datastoreId`,
 * `type` (`text`, `web_page`, `web_site`, `qa`), optional `name`, `id` (replace),
 * `datasourceText`, `custom_id` and `config`, with the fields each type needs checked:
 * `text` needs `config.text` or `datasourceText`; `web_page` an http(s) `config.source_url`;
 * `web_site` `config.sitemap` or `config.source_url`; `qa` `config.question` and
 * `config.answer`, or `config.pairs`.
 */
export const datasourceCreateSchema = z
  .object(
    {
      datastoreId: id('datastoreId'),
      type: z.enum([...JSON_TYPES, 'file'], {
        error: `type must be one of: ${JSON_TYPES.join(', ')} (or file, uploaded as multipart/form-data)`,
      }),
      name: text('name', LIMITS.nameLength.max, 1).optional(),
      id: id('id').optional(),
      datasourceText: text('datasourceText', LIMITS.documentLength.max, 1).optional(),
      custom_id: text('custom_id', LIMITS.idLength.max).optional(),
      config: configSchema.optional(),
    },
    bodyError,
  )
  .superRefine((body, context) => {
    const config = body.config ?? {};
    const fail = (path: string[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    if (
      config.sync_interval_minutes !== undefined &&
      config.sync_interval_minutes !== null &&
      !WEB_TYPES.includes(body.type)
    ) {
      fail(
        ['config', 'sync_interval_minutes'],
        `config.sync_interval_minutes applies to web_page and web_site datasources, not ${body.type}`,
      );
    }
    switch (body.type) {
      case 'file':
        fail(
          ['type'],
          'type file must be uploaded as multipart/form-data (fields: type, datastoreId, file)',
        );
        break;
      case 'text':
        if (config.text === undefined && body.datasourceText === undefined) {
          fail(['config', 'text'], 'config.text (or datasourceText) is required for type text');
        }
        break;
      case 'web_page':
        if (config.source_url === undefined) {
          fail(['config', 'source_url'], 'config.source_url is required for type web_page');
        }
        break;
      case 'web_site':
        if (config.source_url === undefined && config.sitemap === undefined) {
          fail(
            ['config', 'sitemap'],
            'config.sitemap or config.source_url is required for type web_site',
          );
        }
        break;
      case 'qa': {
        const single = config.question !== undefined || config.answer !== undefined;
        if (
          config.pairs === undefined &&
          (config.question === undefined || config.answer === undefined)
        ) {
          fail(
            ['config', single ? (config.question === undefined ? 'question' : 'answer') : 'pairs'],
            'config.question and config.answer (or config.pairs) are required for type qa',
          );
        }
        break;
      }
    }
  });

/**
 * Schema of the JSON body of `PATCH /api/datasources/{id}`: a new `name`, and/or
 * `config.sync_interval_minutes` (web sources only; the service checks the type). Nothing
 * else: a datasource's content changes by re-creating it (`POST /api/datasources` + `id`).
 */
export const datasourcePatchSchema = z.strictObject(
  {
    name: text('name', LIMITS.nameLength.max, 1).optional(),
    config: z
      .strictObject(
        { sync_interval_minutes: syncInterval },
        {
          error: (issue) =>
            issue.code === 'unrecognized_keys'
              ? `config.${String(issue.keys[0])} cannot be changed with PATCH (only sync_interval_minutes; POST /api/datasources with id replaces a datasource)`
              : 'config must be an object',
        },
      )
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${String(issue.keys[0])} cannot be changed with PATCH (only name and config.sync_interval_minutes)`
        : bodyError.error,
  },
);

/** The types `POST /api/datasources` takes as JSON, for messages and forms. */
export const DATASOURCE_JSON_TYPES = JSON_TYPES;

/**
 * Schema of the `multipart/form-data` upload to `POST /api/datasources`: the document in a
 * part named `file` (Markdown, HTML, PDF, DOCX or plain text) and the text fields
 * `datastoreId`, optional `type` (`file`), `fileName` (default: the part's file name),
 * `custom_id` and `id` (replace that datasource of the datastore). The service checks the
 * text fields with it (without `file`: the file is streamed to disk, never parsed here);
 * the OpenAPI document publishes it whole.
 */
export const datasourceUploadFormSchema = z.object(
  {
    type: z
      .literal('file', {
        error: 'type must be file for an upload (other types are sent as JSON).',
      })
      .optional(),
    datastoreId: id('datastoreId'),
    fileName: text('fileName', LIMITS.nameLength.max, 1).optional(),
    custom_id: text('custom_id', LIMITS.idLength.max).optional(),
    id: id('id').optional(),
    file: z.file({ error: 'The form has no file: send it in a field named "file".' }),
  },
  { error: 'The upload must be a multipart/form-data form' },
);

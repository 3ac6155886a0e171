import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { decodeSseStream } from '@agent-chat/protocol';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import {
  buildPdf,
  type ChangingSite,
  createTestDatabase,
  MCP_INITIALIZE_REQUEST,
  type SlackTestServer,
  startChangingSite,
  startSlackTestServer,
} from '../testing/index.js';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi-types.js';

/** Where the document's components live for the validator (its `$ref`s are rewritten there). */
const COMPONENTS_ID = 'urn:agent-chat:openapi-components';
const BODY_LIMIT_BYTES = 100_000;

/** The part of Express's router layers the walk reads (Express 5, router 2). */
interface RouterLayer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: RouterLayer[] };
  rawPath?: unknown;
}

/**
 * Every `METHOD /path` the app serves, read from its router stack (sub-routers included),
 * with Express's `:id` written as OpenAPI's `{id}`: a route added to the app without an
 * entry in the registry shows up here.
 */
function servedRoutes(app: Express): string[] {
  const found: string[] = [];
  const walk = (stack: readonly RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path;
        if (typeof path !== 'string') throw new Error(`A route path is not a string: ${path}`);
        const template = `${prefix}${path}`.replace(/:(\w+)/g, '{$1}');
        for (const [method, served] of Object.entries(layer.route.methods)) {
          if (served) found.push(`${method.toUpperCase()} ${template}`);
        }
      } else if (layer.handle.stack) {
        const mount = layer.rawPath;
        if (typeof mount !== 'string') throw new Error(`A mount path is not a string: ${mount}`);
        walk(layer.handle.stack, mount === '/' ? prefix : `${prefix}${mount}`);
      }
    }
  };
  walk((app as unknown as { router: { stack: RouterLayer[] } }).router.stack, '');
  return found.sort();
}

function documentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}

let service: RunningAgentService;
let site: ChangingSite;
let slack: SlackTestServer;
const SLACK = { botToken: 'xoxb-1-2-contract', teamId: 'T0CONTRACT', botUserId: 'U0BOT' };
let apiKey: string;
let limitedKey: string;
let document: OpenApiDocument;
let ajv: Ajv2020;
/** `METHOD /template status` of every exchange checked against the document. */
const exercised = new Set<string>();

/** The document's template for a concrete path: literal segments win over `{id}`. */
function templateOf(method: string, path: string): string {
  const candidates = Object.keys(document.paths)
    .filter((template) => method.toLowerCase() in (document.paths[template] ?? {}))
    .filter((template) =>
      new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+').replaceAll('.', '\\.')}$`).test(path),
    )
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  const [template] = candidates;
  if (template === undefined) throw new Error(`${method} ${path} is not in the OpenAPI document.`);
  return template;
}

/** Validates `value` with a schema of the document (components by `$ref`). */
function validate(schema: JsonSchema, value: unknown, where: string): void {
  const check = ajv.compile(
    JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
    ),
  );
  if (!check(value)) {
    throw new Error(
      `${where} does not match the document: ${ajv.errorsText(check.errors)}\n${JSON.stringify(value).slice(0, 2_000)}`,
    );
  }
}

interface Exchange {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: responses are read field by field
  body: any;
  text: string;
}

interface CallOptions {
  /** A JSON body, or a multipart form. */
  body?: unknown;
  form?: FormData;
  /** `null`: no Authorization header. Default: the organization's key. */
  key?: string | null;
  /** Return the raw response (a stream), validated by the caller. */
  raw?: boolean;
  /** The `Accept` header (MCP's route requires one). */
  accept?: string;
}

/**
 * Calls the live service and checks the answer against the document: the route and the
 * status must be documented, the content type must be one the status lists, and a JSON
 * body must match that status's schema. Records what was exercised.
 */
async function call(
  method: string,
  path: string,
  expectedStatus: number,
  options: CallOptions = {},
): Promise<Exchange> {
  const headers: Record<string, string> = {};
  const key = options.key === undefined ? apiKey : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.accept !== undefined) headers.accept = options.accept;
  let body: RequestInit['body'];
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${service.url}${path}`, { method, headers, body: body ?? null });
  const pathname = new URL(path, service.url).pathname;
  const template = templateOf(method, pathname);
  const where = `${method} ${template} ${response.status}`;
  const operation = document.paths[template]?.[
    method.toLowerCase() as keyof (typeof document.paths)[string]
  ] as OpenApiOperation;
  const documented = operation.responses[String(response.status)];
  const text = await response.text();
  expect(response.status, `${where}: ${text.slice(0, 500)}`).toBe(expectedStatus);
  expect(documented, `${where} is not documented`).toBeDefined();
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = documented?.content?.[mediaType];
  expect(content, `${where} answered ${mediaType}, not a documented media type`).toBeDefined();
  let parsed: unknown = text;
  if (mediaType === 'application/json') {
    parsed = JSON.parse(text);
    validate(content?.schema ?? {}, parsed, where);
  }
  exercised.add(where);
  return { status: response.status, headers: response.headers, body: parsed, text };
}

function componentSchema(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

function jsonSchemaOf(method: string, template: string, status: number): JsonSchema {
  const operation = document.paths[template]?.[method as 'get'];
  const schema = operation?.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${template} ${status} has no JSON schema`);
  return schema;
}

beforeAll(async () => {
  site = await startChangingSite();
  slack = await startSlackTestServer(SLACK);
  service = await startAgentService({
    integrationsSecret: 'an-integrations-secret-of-32-characters',
    slackApiUrl: slack.apiUrl,
    database: await createTestDatabase(),
    port: 0,
    host: '127.0.0.1',
    bodyLimitBytes: BODY_LIMIT_BYTES,
    // The web page datasource is served by a site on 127.0.0.1.
    allowPrivateUrls: true,
    // A receiver that is not there: events fill the delivery log (retried, then failed).
    webhook: { url: 'http://127.0.0.1:9/hooks', secret: 'a-webhook-secret-of-32-characters' },
    outbox: { pollMs: 50 },
  });
  ({ apiKey } = await service.createOrganization('Acme'));
  ({ apiKey: limitedKey } = await service.createOrganization('Over quota', {
    usageLimit: { queries: 0, periodMs: 3_600_000 },
  }));
  const response = await fetch(`${service.url}/api/openapi.json`);
  document = (await response.json()) as OpenApiDocument;
  ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  // CommonJS: the plugin is the module's `default` (Node's default import is the module).
  addFormats.default(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(
    JSON.parse(
      JSON.stringify({ $id: COMPONENTS_ID, $defs: document.components.schemas }).replaceAll(
        '"#/components/schemas/',
        `"${COMPONENTS_ID}#/$defs/`,
      ),
    ),
  );
});

afterAll(async () => {
  await service?.close();
  await site?.close();
  await slack?.close();
});

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with every component a valid JSON Schema 2020-12', () => {
    expect(document.openapi).toBe('3.1.0');
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => ajv.getSchema(`${COMPONENTS_ID}#/$defs/${name}`), name).not.toThrow();
    }
    const text = JSON.stringify(document);
    // Local `$defs` would not resolve inside an OpenAPI document.
    expect(text).not.toContain('"$defs"');
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas, `$ref to ${name}`).toHaveProperty(name as string);
    }
  });

  it('documents every route the app serves, and no route it does not serve', () => {
    const served = servedRoutes(service.app);
    expect(served.length).toBeGreaterThan(20);
    expect(documentedRoutes(document)).toEqual(served);
  });
});

describe('the live service answers as documented', () => {
  let datastoreId: string;
  let datasourceId: string;
  let agentId: string;
  let otherAgentId: string;
  let conversationId: string;
  let messageId: string;
  const visitorId = 'visitor-contract';

  it('serves its health and its document without a key; 401 without one elsewhere', async () => {
    await call('GET', '/healthz', 200, { key: null });
    await call('GET', '/api/openapi.json', 200, { key: null });
    await call('GET', '/api/agents', 401, { key: null });
    await call('GET', '/api/agents', 401, { key: 'acs_unknown-key' });
  });

  it('datastores and their documents', async () => {
    await call('POST', '/api/datastores', 400, { body: {} });
    await call('POST', '/api/datastores', 400, { body: '{"name":' });
    datastoreId = (await call('POST', '/api/datastores', 201, { body: { name: 'Docs' } })).body.id;
    await call('GET', '/api/datastores', 200);
    await call('GET', `/api/datastores/${datastoreId}`, 200);
    await call('GET', '/api/datastores/missing', 404);
    await call('GET', '/api/datastores/bad%00id', 400);
    await call('PATCH', `/api/datastores/${datastoreId}`, 200, {
      body: { description: 'Product docs' },
    });
    await call('PATCH', `/api/datastores/${datastoreId}`, 400, { body: { id: 'another' } });
    const upsert = await call('POST', `/api/datastores/upsert/${datastoreId}`, 200, {
      body: {
        documents: [
          { name: 'refunds.md', text: 'Refunds are processed within five business days.' },
          {
            name: 'embed.md',
            text: 'To embed the widget, add one script tag to the page.',
            metadata: { custom_id: 'embed' },
          },
        ],
      },
    });
    expect(upsert.headers.get('deprecation')).toBe('true');
    await call('POST', '/api/datastores/upsert/missing', 404, {
      body: { documents: [{ name: 'a', text: 'b' }] },
    });
    await call('POST', `/api/datastores/update/${datastoreId}`, 200, {
      body: {
        id: upsert.body.ids[1],
        name: 'embed.md',
        text: 'To embed the widget, add one script tag to the page, before </body>.',
      },
    });
    await call('POST', '/api/datastores', 413, {
      body: { name: 'x'.repeat(BODY_LIMIT_BYTES) },
    });
  });

  it('datasources: JSON, multipart uploads, reads, synch', async () => {
    const created = await call('POST', '/api/datasources', 201, {
      body: {
        datastoreId,
        type: 'text',
        name: 'shipping',
        custom_id: 'shipping',
        config: { text: 'Orders ship from Lyon within two days.' },
      },
    });
    datasourceId = created.body.id;
    await call('POST', '/api/datasources', 400, { body: { datastoreId, type: 'web_page' } });
    await call('POST', '/api/datasources', 404, {
      body: { datastoreId: 'missing', type: 'text', datasourceText: 'Hi' },
    });
    const upload = (file: Blob, name: string, fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.set('type', 'file');
      for (const [field, value] of Object.entries({ datastoreId, ...fields })) {
        form.set(field, value);
      }
      form.set('file', file, name);
      return form;
    };
    await call('POST', '/api/datasources', 201, {
      form: upload(new Blob(['# Returns\n\nReturns are free for 30 days.']), 'returns.md', {
        custom_id: 'returns',
      }),
    });
    // A PDF's passages carry page_number and total_pages, which other sources leave out.
    const pdf = await call('POST', '/api/datasources', 201, {
      form: upload(
        new Blob(
          [buildPdf(['Mooring lines are doubled in a gale.', 'Lenses are cleaned with vinegar.'])],
          { type: 'application/pdf' },
        ),
        'manual.pdf',
      ),
    });
    await call('POST', '/api/datasources', 400, {
      form: upload(new Blob(['# A']), 'a.md', { datastoreId: 'not an id' }),
    });
    await call('POST', '/api/datasources', 415, {
      form: upload(new Blob([new Uint8Array([0x4d, 0x5a, 0, 1])]), 'tool.exe'),
    });
    // Polled until ingested: a pending and a synched datasource both match the document.
    for (const id of [datasourceId, pdf.body.id]) {
      let status = 'pending';
      while (status === 'pending' || status === 'running') {
        status = (await call('GET', `/api/datasources/${id}`, 200)).body.status;
      }
      expect(status).toBe('synched');
    }
    await call('GET', '/api/datasources/missing', 404);
    const list = await call('GET', `/api/datastores/${datastoreId}/datasources`, 200);
    expect(list.body.length).toBe(5);
    await call('GET', '/api/datastores/missing/datasources', 404);
    await call('POST', `/api/datasources/${datasourceId}/synch`, 200);
    await call('POST', '/api/datasources/missing/synch', 404);
  });

  it('datasources: a scheduled web page (nextSynch, lastSyncSummary) and PATCH', async () => {
    site.pages.set('/hours', {
      main: '<h1>Hours</h1><p>The lighthouse museum opens at nine every morning but Monday.</p>',
    });
    const page = await call('POST', '/api/datasources', 201, {
      body: {
        datastoreId,
        type: 'web_page',
        config: { source_url: `${site.url}/hours`, sync_interval_minutes: 60 },
      },
    });
    service.ingestion.wake();
    await service.ingestion.waitFor([page.body.id]);
    const synched = await call('GET', `/api/datasources/${page.body.id}`, 200);
    expect(synched.body.status).toBe('synched');
    expect(synched.body.nextSynch).toEqual(expect.any(String));
    expect(synched.body.lastSyncSummary).toMatchObject({ added: 1, failed: 0 });
    const manual = await call('PATCH', `/api/datasources/${page.body.id}`, 200, {
      body: { name: 'Opening hours', config: { sync_interval_minutes: null } },
    });
    expect(manual.body).toMatchObject({ name: 'Opening hours', nextSynch: null });
    await call('PATCH', `/api/datasources/${datasourceId}`, 200, { body: { name: 'Shipping' } });
    await call('PATCH', `/api/datasources/${datasourceId}`, 400, {
      body: { config: { sync_interval_minutes: 60 } },
    });
    await call('PATCH', `/api/datasources/${datasourceId}`, 400, { body: { type: 'qa' } });
    await call('PATCH', '/api/datasources/missing', 404, { body: { name: 'x' } });
    await call('DELETE', `/api/datasources/${page.body.id}`, 200);
  });

  it('datastore search (the ChaindeskRetriever route)', async () => {
    const found = await call('POST', `/api/datastores/${datastoreId}/query`, 200, {
      body: { query: 'How long do refunds take?', topK: 3 },
    });
    expect(found.body.results.length).toBeGreaterThan(0);
    const fromPdf = await call('POST', `/api/datastores/${datastoreId}/query`, 200, {
      body: { query: 'What are lenses cleaned with?', topK: 1 },
    });
    expect(fromPdf.body.results[0]).toMatchObject({ page_number: 2, total_pages: 2 });
    await call('POST', `/api/datastores/${datastoreId}/query`, 400, { body: { query: '' } });
    await call('POST', `/api/datastores/${datastoreId}/query`, 403, {
      body: { query: 'refunds', filters: { datastore_ids: ['another'] } },
    });
    await call('POST', '/api/datastores/missing/query', 404, { body: { query: 'refunds' } });
  });

  it('agents', async () => {
    const created = await call('POST', '/api/agents', 201, {
      body: { name: 'Helper', datastoreIds: [datastoreId], handoffEnabled: true },
    });
    agentId = created.body.id;
    otherAgentId = (
      await call('POST', '/api/agents', 201, {
        body: { name: 'Other', datastoreIds: [datastoreId], systemPrompt: null },
      })
    ).body.id;
    await call('POST', '/api/agents', 400, { body: { name: '' } });
    await call('GET', '/api/agents', 200);
    await call('GET', `/api/agents/${agentId}`, 200);
    await call('GET', '/api/agents/missing', 404);
    await call('PATCH', `/api/agents/${agentId}`, 200, {
      body: {
        systemPrompt: 'Answer briefly.',
        contactCapture: {
          enabled: true,
          triggers: ['handoff'],
          fields: { name: 'optional', phone: 'off' },
          consentText: null,
        },
      },
    });
    await call('PATCH', `/api/agents/${agentId}`, 400, { body: { temperature: 3 } });
    await call('PATCH', '/api/agents/missing', 404, { body: { name: 'x' } });
  });

  it('queries, as JSON and as an event stream', async () => {
    const answered = await call('POST', `/api/agents/${agentId}/query`, 200, {
      body: { query: 'How are refunds processed?', visitorId },
    });
    conversationId = answered.body.conversationId;
    messageId = answered.body.messageId;
    expect(answered.body.sources.length).toBeGreaterThan(0);
    const fromPdf = await call('POST', `/api/agents/${agentId}/query`, 200, {
      body: { query: 'What are lenses cleaned with?', visitorId: 'visitor-pdf' },
    });
    expect(fromPdf.body.sources[0]).toMatchObject({ page_number: 2, total_pages: 2 });
    const searched = await call('POST', `/api/agents/${agentId}/search`, 200, {
      body: { query: 'refunds proc' },
    });
    expect(searched.body.results.length).toBeGreaterThan(0);
    await call('POST', `/api/agents/${agentId}/search`, 400, { body: { query: 'a\nb' } });
    await call('POST', '/api/agents/missing/search', 404, { body: { query: 'refunds' } });

    const response = await fetch(`${service.url}/api/agents/${agentId}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'And embedding the widget?',
        conversationId,
        visitorId,
        streaming: true,
      }),
    });
    expect(response.status).toBe(200);
    const template = templateOf('POST', `/api/agents/${agentId}/query`);
    const documented = document.paths[template]?.post?.responses['200']?.content ?? {};
    expect(Object.keys(documented)).toContain(response.headers.get('content-type')?.split(';')[0]);
    let json = '';
    let done = false;
    for await (const event of decodeSseStream(response.body as ReadableStream<Uint8Array>)) {
      if (event.type === 'endpoint_response') json += event.json;
      if (event.type === 'error') throw new Error(event.message);
      if (event.type === 'done') done = true;
    }
    expect(done).toBe(true);
    validate(
      jsonSchemaOf('post', template, 200),
      JSON.parse(json),
      'the stream’s endpoint_response',
    );
    exercised.add(`POST ${template} 200`);

    await call('POST', `/api/agents/${agentId}/query`, 400, { body: { query: '  ' } });
    await call('POST', '/api/agents/missing/query', 404, { body: { query: 'Hi' } });
    await call('POST', `/api/agents/${agentId}/query`, 404, {
      body: { query: 'Hi', conversationId, visitorId: 'someone-else' },
    });
    await call('POST', `/api/agents/${agentId}/query`, 403, {
      body: { query: 'Hi', filters: { datastore_ids: ['another'] } },
    });
    const limitedDatastore = (
      await call('POST', '/api/datastores', 201, { body: { name: 'Q' }, key: limitedKey })
    ).body.id;
    const limitedAgent = (
      await call('POST', '/api/agents', 201, {
        body: { name: 'Q', datastoreIds: [limitedDatastore] },
        key: limitedKey,
      })
    ).body.id;
    await call('POST', `/api/agents/${limitedAgent}/query`, 402, {
      body: { query: 'Hi' },
      key: limitedKey,
    });
  });

  it('the visitor’s conversation routes', async () => {
    await call('POST', '/api/conversations/eval-answer', 200, {
      body: { messageId, visitorId, eval: 'bad', comment: 'Too vague' },
    });
    await call('POST', '/api/conversations/eval-answer', 404, {
      body: { messageId, visitorId: 'someone-else', eval: 'good' },
    });
    await call('POST', '/api/conversations/eval-answer', 400, { body: { messageId } });
    await call('POST', `/api/conversations/${conversationId}/handoff`, 403, {
      body: { agentId: otherAgentId, visitorId },
    });
    const handoff = await call('POST', `/api/conversations/${conversationId}/handoff`, 200, {
      body: { agentId, visitorId },
    });
    expect(handoff.body.contactCapture).toMatchObject({ reason: 'handoff' });
    const inHandoff = await call('POST', `/api/agents/${agentId}/query`, 200, {
      body: { query: 'Is someone there?', conversationId, visitorId },
    });
    expect(inHandoff.body).toMatchObject({
      status: 'handoff',
      contactCapture: { reason: 'handoff' },
    });
    await call('POST', `/api/conversations/${conversationId}/handoff`, 404, {
      body: { agentId, visitorId: 'someone-else' },
    });
    const polled = await call(
      'GET',
      `/api/conversations/${conversationId}/messages?agentId=${agentId}&visitorId=${visitorId}`,
      200,
    );
    expect(polled.body.messages.length).toBeGreaterThan(0);
    await call(
      'GET',
      `/api/conversations/${conversationId}/messages?agentId=${agentId}&visitorId=someone-else`,
      404,
    );
    await call('GET', `/api/conversations/${conversationId}/messages?agentId=${agentId}`, 400);
    const listed = await call('POST', `/api/agents/${agentId}/visitor-conversations`, 200, {
      body: { visitorId, conversationIds: [conversationId, 'unknown-conversation'] },
    });
    expect(listed.body.conversations.map((listedOne: { id: string }) => listedOne.id)).toEqual([
      conversationId,
    ]);
    await call('POST', `/api/agents/${agentId}/visitor-conversations`, 200, {
      body: { visitorId: 'someone-else', conversationIds: [conversationId] },
    });
    await call('POST', `/api/agents/${agentId}/visitor-conversations`, 400, {
      body: { visitorId },
    });
    await call('POST', '/api/agents/missing/visitor-conversations', 404, {
      body: { visitorId, conversationIds: [] },
    });
    await call('POST', `/api/agents/${agentId}/visitor-conversations/delete`, 404, {
      body: { visitorId: 'someone-else', conversationId },
    });
    await call('POST', `/api/agents/${agentId}/visitor-conversations/delete`, 400, {
      body: { visitorId },
    });
  });

  it('the operator’s conversation routes, export and insights', async () => {
    await call('POST', `/api/conversations/${conversationId}/messages`, 201, {
      body: { text: 'A person here: refunds take five days.' },
    });
    await call('POST', `/api/conversations/${conversationId}/messages`, 400, {
      body: { text: ' ' },
    });
    await call('POST', '/api/conversations/missing/messages', 404, { body: { text: 'Hi' } });
    const list = await call('GET', '/api/conversations?limit=1', 200);
    expect(list.body.conversations.length).toBe(1);
    await call('GET', `/api/conversations?feedback=bad&agentId=${agentId}`, 200);
    await call('GET', '/api/conversations?limit=0', 400);
    const detail = await call('GET', `/api/conversations/${conversationId}`, 200);
    expect(
      detail.body.messages.some((message: { role: string }) => message.role === 'operator'),
    ).toBe(true);
    await call('GET', '/api/conversations/missing', 404);
    await call('POST', '/api/conversations/update-status', 200, {
      body: { conversationId, status: 'resolved' },
    });
    await call('POST', '/api/conversations/update-status', 404, {
      body: { conversationId: 'missing', status: 'open' },
    });
    await call('POST', '/api/conversations/update-status', 400, {
      body: { conversationId, status: 'closed' },
    });

    const jsonl = await call('GET', '/api/conversations/export', 200);
    const lines = jsonl.text.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      validate(componentSchema('ConversationDetail'), JSON.parse(line), 'an exported JSON line');
    }
    const csv = await call('GET', '/api/conversations/export?format=csv', 200);
    expect(csv.text.split('\n')[0]).toContain('conversationId');
    await call('GET', '/api/conversations/export?format=xml', 400);

    const insights = await call('GET', `/api/insights?agentId=${agentId}`, 200);
    expect(insights.body.queries).toBeGreaterThan(0);
    await call('GET', '/api/insights?from=yesterday', 400);
    const topics = await call('GET', `/api/insights/gaps?agentId=${agentId}&limit=5`, 200);
    expect(Array.isArray(topics.body.topics)).toBe(true);
    await call('GET', `/api/insights/gaps?agentId=${agentId}&from=yesterday`, 400);
    await call('GET', '/api/insights/gaps?agentId=missing', 404);
    // A gap asked about llamas, hidden with its look-alikes, then shown again.
    await call('POST', `/api/agents/${agentId}/query`, 200, {
      body: { query: 'Do you sell llamas?', visitorId: 'visitor-llamas' },
    });
    await call('POST', '/api/insights/gaps/hide', 200, {
      body: { agentId, topicId: 'topic1', questions: ['Do you sell llamas?'] },
    });
    const listed = await call('GET', `/api/insights/gaps?agentId=${agentId}`, 200);
    expect(listed.body.hiddenTopics).toHaveLength(1);
    await call('POST', '/api/insights/gaps/unhide', 200, {
      body: { agentId, topicId: listed.body.hiddenTopics[0].id },
    });
    await call('POST', '/api/insights/gaps/unhide', 404, {
      body: { agentId, topicId: 'not-hidden' },
    });
    await call('POST', '/api/insights/gaps/answer', 200, {
      body: { agentId, topicId: 'topic2', question: 'Do you ship to Mars?', answer: 'Not yet.' },
    });
    await call('POST', '/api/insights/gaps/answer', 404, {
      body: { agentId: 'missing', topicId: 'topic2', question: 'Mars?', answer: 'No.' },
    });

    await service.outbox?.idle();
    const deliveries = await call('GET', '/api/deliveries?kind=webhook&limit=5', 200);
    expect(deliveries.body.deliveries.length).toBeGreaterThan(0);
    await call(
      'GET',
      `/api/deliveries?status=failed&cursor=${deliveries.body.nextCursor ?? ''}`,
      200,
    );
    await call('GET', '/api/deliveries?status=lost', 400);
  });

  it('contacts: saved for an agent, listed, exported, erased', async () => {
    const contactVisitor = 'visitor-pdf';
    const saved = await call('POST', `/api/agents/${agentId}/contacts`, 201, {
      body: { visitorId: contactVisitor, email: 'ada@example.com', name: 'Ada' },
    });
    await call('POST', `/api/agents/${agentId}/contacts`, 200, {
      body: { visitorId: contactVisitor, email: 'ada@example.org' },
    });
    await call('POST', `/api/agents/${agentId}/contacts`, 400, {
      body: { visitorId: contactVisitor, email: 'ada@example.com', phone: '+33 1 23 45 67 89' },
    });
    await call('POST', `/api/agents/${otherAgentId}/contacts`, 403, {
      body: { visitorId: contactVisitor, email: 'ada@example.com' },
    });
    await call('POST', `/api/agents/${agentId}/contacts`, 404, {
      body: { visitorId: contactVisitor, email: 'ada@example.com', conversationId },
    });
    await call('POST', '/api/agents/missing/contacts', 404, {
      body: { visitorId: contactVisitor, email: 'ada@example.com' },
    });
    const list = await call('GET', `/api/contacts?agentId=${agentId}&q=ada`, 200);
    expect(list.body.contacts).toMatchObject([{ id: saved.body.id, email: 'ada@example.org' }]);
    const csv = await call('GET', '/api/contacts?format=csv', 200);
    expect(csv.text).toContain('ada@example.org');
    await call('GET', '/api/contacts?limit=0', 400);
    await call('DELETE', `/api/contacts/${saved.body.id}`, 200);
    await call('DELETE', `/api/contacts/${saved.body.id}`, 404);
  });

  it('signed-in users: identified, their conversations listed, erased', async () => {
    const identified = await call('POST', `/api/agents/${agentId}/identified-visitors`, 200, {
      body: {
        visitorId: 'u-contract',
        userId: 'user-42',
        email: 'ada@example.com',
        attributes: { plan: 'pro' },
        merge: { visitorId: 'visitor-nobody', conversationIds: [conversationId] },
      },
    });
    expect(identified.body).toEqual({ mergedConversationIds: [] });
    await call('POST', `/api/agents/${agentId}/identified-visitors`, 400, {
      body: { visitorId: 'u-contract', userId: 'user-42', attributes: { plan: 7 } },
    });
    await call('POST', `/api/agents/${agentId}/user-conversations`, 200, {
      body: { visitorId: 'u-contract' },
    });
    await call('POST', `/api/agents/${agentId}/user-conversations`, 400, { body: {} });
    const erased = await call('DELETE', '/api/users/user-42', 200);
    expect(erased.body).toEqual({ deleted: true, conversationsDeleted: 0, contactsDeleted: 1 });
  });

  it('an agent’s MCP server: JSON-RPC as JSON or as an event stream, and its errors', async () => {
    const agent = (await call('POST', '/api/agents', 201, { body: { name: 'MCP' } })).body;
    const path = `/api/agents/${agent.id}/mcp`;
    const accept = 'application/json, text/event-stream';
    const initialize = MCP_INITIALIZE_REQUEST;
    const json = await call('POST', path, 200, { body: initialize, accept });
    expect(json.body.result.serverInfo.name).toBe('agent-chat');
    const stream = await call('POST', path, 200, {
      body: { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      accept: 'text/event-stream, application/json',
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.text).toContain('search_docs');
    await call('POST', path, 400, { body: '{"jsonrpc":', accept });
    await call('POST', '/api/agents/no-such-agent/mcp', 404, { body: initialize, accept });
  });

  it('the OpenAI-compatible API, with OpenAI’s errors', async () => {
    const models = await call('GET', '/v1/models', 200);
    expect(models.body.data.map((model: { id: string }) => model.id)).toContain(agentId);
    await call('GET', '/v1/models', 401, { key: null });
    await call('GET', `/v1/models/${agentId}`, 200);
    await call('GET', '/v1/models/missing', 404);
    const question = { role: 'user', content: 'How are refunds processed?' };
    const completion = await call('POST', '/v1/chat/completions', 200, {
      body: { model: agentId, messages: [question], user: 'visitor-openai' },
    });
    expect(completion.body.choices[0].message.content).not.toBe('');
    await call('POST', '/v1/chat/completions', 400, { body: { model: agentId, messages: [] } });
    await call('POST', '/v1/chat/completions', 404, {
      body: { model: 'missing', messages: [question] },
    });
    await call('POST', '/v1/chat/completions', 401, {
      body: { model: agentId, messages: [question] },
      key: 'acs_unknown-key',
    });
    await call('POST', '/v1/chat/completions', 413, {
      body: { model: agentId, messages: [{ role: 'user', content: 'x'.repeat(BODY_LIMIT_BYTES) }] },
    });
    const limitedAgent = (await call('GET', '/v1/models', 200, { key: limitedKey })).body.data[0]
      .id;
    await call('POST', '/v1/chat/completions', 429, {
      body: { model: limitedAgent, messages: [question] },
      key: limitedKey,
    });

    const response = await fetch(`${service.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: agentId, messages: [question], stream: true }),
    });
    expect(response.status).toBe(200);
    const template = '/v1/chat/completions';
    const documented = document.paths[template]?.post?.responses['200']?.content ?? {};
    expect(Object.keys(documented)).toContain(response.headers.get('content-type')?.split(';')[0]);
    const events = (await response.text()).split('\n\n').filter((event) => event !== '');
    expect(events.at(-1)).toBe('data: [DONE]');
    let answer = '';
    for (const event of events.slice(0, -1)) {
      if (event.startsWith(':')) continue;
      expect(event.startsWith('data: '), event).toBe(true);
      const chunk = JSON.parse(event.slice('data: '.length));
      validate(componentSchema('ChatCompletionChunk'), chunk, 'a chat.completion.chunk');
      answer += chunk.choices[0].delta.content ?? '';
    }
    expect(answer).toBe(completion.body.choices[0].message.content);
    exercised.add(`POST ${template} 200`);
  });

  it('integrations: Slack credentials set, read, removed; Slack’s signed endpoints', async () => {
    const path = `/api/agents/${agentId}/integrations/slack`;
    await call('GET', path, 200);
    const signingSecret = 'a-slack-signing-secret';
    await call('POST', path, 200, { body: { botToken: SLACK.botToken, signingSecret } });
    await call('POST', path, 400, { body: { botToken: 'xoxb-refused', signingSecret } });
    await call('POST', '/api/agents/missing/integrations/slack', 404, {
      body: { botToken: SLACK.botToken, signingSecret },
    });
    const signed = (body: string, secret = signingSecret) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const digest = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
      return {
        'x-slack-request-timestamp': timestamp,
        'x-slack-signature': `v0=${digest}`,
      };
    };
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'c1' });
    const events = `/integrations/slack/${agentId}/events`;
    const verified = await fetch(`${service.url}${events}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed(challenge) },
      body: challenge,
    });
    expect(verified.status).toBe(200);
    validate(jsonSchemaOf('post', templateOf('POST', events), 200), await verified.json(), events);
    exercised.add(`POST ${templateOf('POST', events)} 200`);
    const unsigned = await call('POST', events, 401, { body: challenge, key: null });
    expect(unsigned.body.error.code).toBe('UNAUTHORIZED');
    const interactions = `/integrations/slack/${agentId}/interactions`;
    const form = new URLSearchParams({ payload: '{"type":"view_closed"}' }).toString();
    const acknowledged = await fetch(`${service.url}${interactions}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...signed(form) },
      body: form,
    });
    expect(acknowledged.status).toBe(200);
    exercised.add(`POST ${templateOf('POST', interactions)} 200`);
    await call('POST', `/integrations/slack/${otherAgentId}/interactions`, 404, { key: null });
    await call('DELETE', path, 200);
    expect((await call('GET', path, 200)).body.configured).toBe(false);

    const discordPath = `/api/agents/${agentId}/integrations/discord`;
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const hex = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
    await call('GET', discordPath, 200);
    await call('POST', discordPath, 200, {
      body: { applicationId: '1234', publicKey: hex, botToken: 'bot-token' },
    });
    await call('POST', discordPath, 400, { body: { applicationId: 'x', publicKey: hex } });
    const ping = JSON.stringify({ type: 1, application_id: '1234' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const discordEndpoint = `/integrations/discord/${agentId}/interactions`;
    const pong = await fetch(`${service.url}${discordEndpoint}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-timestamp': timestamp,
        'x-signature-ed25519': sign(null, Buffer.from(timestamp + ping), privateKey).toString(
          'hex',
        ),
      },
      body: ping,
    });
    expect(pong.status).toBe(200);
    const template = templateOf('POST', discordEndpoint);
    validate(jsonSchemaOf('post', template, 200), await pong.json(), discordEndpoint);
    exercised.add(`POST ${template} 200`);
    await call('POST', discordEndpoint, 401, { body: ping, key: null });
    await call('DELETE', discordPath, 200);
  });

  it('deletes', async () => {
    const visitorGone = 'visitor-gone';
    const gone = await call('POST', `/api/agents/${agentId}/query`, 200, {
      body: { query: 'How are refunds processed?', visitorId: visitorGone },
    });
    const erase = { visitorId: visitorGone, conversationId: gone.body.conversationId };
    await call('POST', `/api/agents/${agentId}/visitor-conversations/delete`, 200, { body: erase });
    await call('POST', `/api/agents/${agentId}/visitor-conversations/delete`, 404, { body: erase });
    await call('DELETE', `/api/conversations/${conversationId}`, 200);
    await call('DELETE', `/api/conversations/${conversationId}`, 404);
    await call('DELETE', `/api/datasources/${datasourceId}`, 200);
    await call('DELETE', `/api/datasources/${datasourceId}`, 404);
    await call('DELETE', `/api/agents/${otherAgentId}`, 200, { body: {} });
    await call('DELETE', '/api/agents/missing', 404);
    await call('DELETE', `/api/agents/${agentId}`, 400, { body: '[1]' });
    const spare = (await call('POST', '/api/datastores', 201, { body: { name: 'Spare' } })).body.id;
    await call('DELETE', `/api/datastores/${spare}`, 200);
    await call('DELETE', `/api/datastores/${spare}`, 404);
  });

  it('exercised every documented route with a success', () => {
    const missing = documentedRoutes(document).filter(
      (route) => ![...exercised].some((done) => done.startsWith(`${route} 2`)),
    );
    expect(missing).toEqual([]);
  });
});

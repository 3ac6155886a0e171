import http from 'node:http';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import {
  createTestDatabase,
  type LoopbackSite,
  nextServerRequest,
  startLoopbackSite,
} from '@agent-chat/agent-service/testing';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type RunningBff, startBff } from '../server.js';

const ADMIN_TOKEN = 'ingestion-admin-token-0123456789';
const UPLOAD_LIMIT = 32 * 1024;

/** Ingestion through the admin relay, end to end: BFF → agent service → a loopback site. */
describe('ingestion through the admin relay', () => {
  let site: LoopbackSite;
  let service: RunningAgentService;
  let bff: RunningBff;
  let apiKey: string;
  let datastoreId: string;
  let agentId: string;

  beforeAll(async () => {
    site = await startLoopbackSite();
    service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      allowPrivateUrls: true,
      ingestion: { pollMs: 50 },
    });
    ({ apiKey } = await service.createOrganization('Relay'));
    const direct = async (path: string, body: unknown) =>
      (
        await fetch(`${service.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json() as Promise<{ id: string }>;
    datastoreId = (await direct('/api/datastores', { name: 'Site' })).id;
    agentId = (await direct('/api/agents', { name: 'Site agent', datastoreIds: [datastoreId] })).id;
    bff = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      adminToken: ADMIN_TOKEN,
      allowedAgents: [agentId],
      uploadLimitBytes: UPLOAD_LIMIT,
      logger: false,
      port: 0,
    });
  });
  afterAll(async () => {
    await bff?.close();
    await service?.close();
    await site?.close();
  });

  async function call(method: string, path: string, body?: unknown, token = ADMIN_TOKEN) {
    const response = await fetch(`${bff.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(text).not.toContain(apiKey);
    // biome-ignore lint/suspicious/noExplicitAny: responses are inspected field by field
    return { status: response.status, json: JSON.parse(text) as any };
  }

  async function settled(id: string) {
    // biome-ignore lint/suspicious/noExplicitAny: responses are inspected field by field
    let datasource: any;
    await expect
      .poll(
        async () => {
          datasource = (await call('GET', `/api/datasources/${id}`)).json;
          return datasource.status;
        },
        { message: `${id} settles` },
      )
      .toMatch(/^(synched|error)$/);
    return datasource;
  }

  const stored = async () =>
    (
      await service.database.query<{ n: number }>(
        'SELECT (SELECT count(*) FROM datasources)::int + (SELECT count(*) FROM datasource_files)::int AS n',
      )
    )[0]?.n;

  it('ingests a site, then the public route answers with a source linking to the page and heading', async () => {
    const created = await call('POST', '/api/datasources', {
      datastoreId,
      type: 'web_site',
      config: { sitemap: `${site.url}/sitemap.xml` },
    });
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('pending');
    expect((await settled(created.json.id)).status).toBe('synched');
    const listed = await call('GET', `/api/datastores/${datastoreId}/datasources`);
    expect(
      listed.json.filter((d: { groupId: string }) => d.groupId === created.json.id),
    ).toHaveLength(2);
    const synch = await call('POST', `/api/datasources/${created.json.id}/synch`, {});
    expect(synch.status).toBe(200);
    expect((await settled(created.json.id)).status).toBe('synched');

    const answer = await fetch(`${bff.url}/api/agents/${agentId}/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: bff.url },
      body: JSON.stringify({ query: 'How often should the foghorn sound in fog?' }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { answer: string; sources: { source_url: string }[] };
    expect(body.answer).toContain('foghorn twice a minute');
    expect(body.sources[0]?.source_url).toBe(`${site.url}/guide#fog-signals`);
  });

  it('validates JSON bodies and needs the admin token', async () => {
    const invalid = await call('POST', '/api/datasources', {
      datastoreId,
      type: 'web_page',
      config: {},
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.message).toMatch(/config.source_url is required/);
    expect(
      (
        await call(
          'GET',
          `/api/datastores/${datastoreId}/datasources`,
          undefined,
          'wrong-token-0000000000',
        )
      ).status,
    ).toBe(401);
    const upload = await fetch(`${bff.url}/api/datasources`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(upload.status).toBe(401);
  });

  it('streams an upload through, and refuses one over the limit before the upstream stores anything', async () => {
    const form = new FormData();
    form.set('type', 'file');
    form.set('datastoreId', datastoreId);
    form.set(
      'file',
      new Blob(['# Lanterns\n\nStorm lanterns burn whale oil.'], { type: 'text/markdown' }),
      'lanterns.md',
    );
    const uploaded = await fetch(`${bff.url}/api/datasources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const created = (await uploaded.json()) as { id: string; name: string };
    expect(created.name).toBe('lanterns.md');
    expect((await settled(created.id)).status).toBe('synched');

    const before = await stored();
    const large = new FormData();
    large.set('type', 'file');
    large.set('datastoreId', datastoreId);
    large.set(
      'file',
      new Blob(['x'.repeat(UPLOAD_LIMIT + 70 * 1024)], { type: 'text/plain' }),
      'large.txt',
    );
    const declared = await fetch(`${bff.url}/api/datasources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      body: large,
    });
    expect(declared.status).toBe(413);

    // No Content-Length: counted as it streams, cut off at the limit.
    const boundary = 'relay-boundary';
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="datastoreId"\r\n\r\n${datastoreId}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chunked.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ...Array.from({ length: 12 }, () => 'y'.repeat(16 * 1024)),
      `\r\n--${boundary}--\r\n`,
    ];
    // The upload as the agent service sees it: the test waits for it to reach the service
    // and to end there, not for a fixed time.
    const atService = nextServerRequest(
      (request) =>
        request.url === '/api/datasources' && request.headers.authorization === `Bearer ${apiKey}`,
    );
    const request = http.request(`${bff.url}/api/datasources`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
    });
    const chunked = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    const [fields, file, ...rest] = parts;
    request.write(`${fields}${file}`);
    const { response } = await atService;
    for (const part of rest) request.write(part);
    request.end();
    expect(await chunked).toBe(413);
    await expect
      .poll(() => response.closed, { message: 'the service ends the cut-off upload' })
      .toBe(true);
    expect(await stored()).toBe(before);
  });
});

import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../server.js';
import { createPgDatabase, type Database } from '../store/index.js';
import { createApiClient } from '../testing/api-client.js';
import { connectMcpClient } from '../testing/mcp-client.js';
import { findTestPostgres } from '../testing/test-postgres.js';

const postgres = await findTestPostgres(
  process.env.TEST_DATABASE_URL,
  'The MCP server’s two-process PostgreSQL test',
);

describe.skipIf(!postgres.url)('the MCP server is stateless: two processes, one PostgreSQL', () => {
  const schema = `agent_service_mcp_${Date.now().toString(36)}`;
  let admin: Database;
  const services: RunningAgentService[] = [];
  let client: Client | undefined;

  beforeAll(async () => {
    const url = postgres.url as string;
    admin = await createPgDatabase({ databaseUrl: url });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const scoped = `${url}${url.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`;
    // Each with its own pool and app, as separate service processes have.
    for (let index = 0; index < 2; index += 1) {
      services.push(await startAgentService({ databaseUrl: scoped, port: 0 }));
    }
  });

  afterAll(async () => {
    await client?.close();
    for (const service of services) await service.close();
    await admin?.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin?.close();
  });

  it('answers one client whose requests alternate between the processes', async () => {
    const [first, second] = services as [RunningAgentService, RunningAgentService];
    const { apiKey } = await first.createOrganization('Acme');
    const call = createApiClient(first.url, apiKey);
    const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id;
    await call('POST', `/api/datastores/upsert/${datastoreId}`, {
      documents: [
        {
          name: 'sync.md',
          text: '# Sync\n\n## Schedule\n\nSites are synced again every hour by default.',
          metadata: { source_url: 'https://docs.example/sync' },
        },
      ],
    });
    const agentId = (
      await call('POST', '/api/agents', { name: 'Docs', datastoreIds: [datastoreId] })
    ).body.id;
    const served: string[] = [];
    let turn = 0;
    client = await connectMcpClient(`${first.url}/api/agents/${agentId}/mcp`, {
      apiKey,
      route(url) {
        const target = new URL(url);
        const service = turn++ % 2 === 0 ? first : second;
        target.host = new URL(service.url).host;
        served.push(service.url);
        return target;
      },
    });
    const search = await client.callTool({
      name: 'search_docs',
      arguments: { query: 'synced again' },
    });
    const url = (search.structuredContent as { results: { url: string }[] }).results[0]?.url;
    expect(url).toBe('https://docs.example/sync#schedule');
    const page = await client.callTool({ name: 'get_page', arguments: { url: url as string } });
    expect(page.isError).toBeFalsy();
    expect(await client.listTools()).toMatchObject({ tools: expect.any(Array) });
    expect(new Set(served)).toEqual(new Set([first.url, second.url]));
  });
});

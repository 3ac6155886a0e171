import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_DOCS_DIR, type RunningAgentService, startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';

let service: RunningAgentService;
let docsDir: string;

beforeAll(async () => {
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
  });
  docsDir = await mkdtemp(path.join(tmpdir(), 'agent-service-docs-'));
});

afterAll(async () => {
  await service.close();
  await rm(docsDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('creates agent "demo" answering questions about agent-chat with sources', async () => {
    const result = await service.seedDemo({ apiKey: 'demo-key-for-tests-0001' });
    expect(result).toEqual({
      apiKey: 'demo-key-for-tests-0001',
      agentId: 'demo',
      datastoreId: 'demo-docs',
    });
    const call = createApiClient(service.url, result.apiKey);
    const documents = (await call('GET', '/api/datastores/demo-docs/datasources')).body;
    const files = (await readdir(DEMO_DOCS_DIR)).filter((name) => name.endsWith('.md'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(documents.map((d: { name: string }) => d.name).sort()).toEqual(files.sort());
    expect(documents.every((d: { status: string }) => d.status === 'synched')).toBe(true);

    const embed = await call('POST', '/api/agents/demo/query', {
      query: 'How do I embed the widget?',
    });
    expect(embed.body.answer).toContain('data-agent-id');
    expect(embed.body.sources[0].datasource_name).toMatch(/embedding/);

    const nginx = await call('POST', '/api/agents/demo/query', {
      query: 'How do I configure nginx for streaming?',
    });
    expect(nginx.body.answer).toContain('proxy_buffering off');
    expect(nginx.body.sources[0].datasource_name).toMatch(/deployment/);

    // Common words ("agent", "chat") must not drown the distinctive one ("nginx").
    const behind = await call('POST', '/api/agents/demo/query', {
      query: 'How do I deploy agent-chat behind nginx?',
    });
    expect(behind.body.answer).toContain('proxy_buffering off');

    const colour = await call('POST', '/api/agents/demo/query', {
      query: 'What data attributes change the color?',
    });
    expect(colour.body.answer).toContain('data-primary-color');
    expect(colour.body.answer).not.toContain('data-nonce');
  });

  it('is idempotent: reuses the organization, agent and datastore, never duplicates', async () => {
    const again = await service.seedDemo({ apiKey: 'demo-key-for-tests-0001' });
    expect(again.apiKey).toBe('demo-key-for-tests-0001');
    const fresh = await service.seedDemo();
    expect(fresh.apiKey).not.toBe('demo-key-for-tests-0001');
    const call = createApiClient(service.url, fresh.apiKey);
    expect((await call('GET', '/api/agents')).body.map((a: { id: string }) => a.id)).toEqual([
      'demo',
    ]);
    expect((await call('GET', '/api/datastores')).body).toHaveLength(1);
    const files = (await readdir(DEMO_DOCS_DIR)).filter((name) => name.endsWith('.md'));
    expect((await call('GET', '/api/datastores/demo-docs/datasources')).body).toHaveLength(
      files.length,
    );
  });

  it('refuses a requested key that belongs to another organization', async () => {
    await service.createOrganization('Someone', { apiKey: 'someone-elses-key-0001' });
    await expect(service.seedDemo({ apiKey: 'someone-elses-key-0001' })).rejects.toThrow(
      /another organization/,
    );
  });

  it('re-indexes changed documents in place and adds new ones', async () => {
    await writeFile(path.join(docsDir, 'guide.md'), '# Guide\n\nZebras are striped.');
    const { apiKey } = await service.seedDemo({ docsDir });
    const call = createApiClient(service.url, apiKey);
    const list = async () =>
      (await call('GET', '/api/datastores/demo-docs/datasources')).body as {
        id: string;
        name: string;
      }[];
    const before = (await list()).find((d) => d.name === 'guide.md');
    await writeFile(path.join(docsDir, 'guide.md'), '# Guide\n\nGiraffes are tall.');
    await service.seedDemo({ docsDir });
    const after = (await list()).filter((d) => d.name === 'guide.md');
    expect(after).toHaveLength(1);
    expect(after[0]?.id).toBe(before?.id);
    const answer = await call('POST', '/api/agents/demo/query', { query: 'giraffes' });
    expect(answer.body.sources[0].datasource_id).toBe(before?.id);
  });
});

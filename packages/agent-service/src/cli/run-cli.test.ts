import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import { captureCliIo, createApiClient, createTestDatabase } from '../testing/index.js';
import { runCli } from './index.js';

let cwd: string;
let target: RunningAgentService;

function io(env: Record<string, string> = {}, signal?: AbortSignal) {
  return captureCliIo({ env, cwd, ...(signal ? { signal } : {}) });
}

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'agent-service-cli-'));
  target = await startAgentService({ port: 0, database: await createTestDatabase() });
});

afterAll(async () => {
  await target.close();
  await rm(cwd, { recursive: true, force: true });
});

describe('agent-chat-service CLI', () => {
  it('prints help and rejects unknown commands with exit code 2', async () => {
    const help = io();
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/seed-demo/);
    // What ingest takes, as its own help says (not only text and Markdown files).
    expect(help.out()).toContain(
      'ingest <datastoreId> <items…>  Ingest files, folders, web pages or sites',
    );
    for (const command of ['serve', 'keys', 'seed-demo', 'ingest', 'purge-conversations']) {
      const commandHelp = io();
      expect(await runCli([command, '--help'], commandHelp.io)).toBe(0);
      expect(commandHelp.out()).toContain(`agent-chat-service ${command}`);
    }
    const unknown = io();
    expect(await runCli(['frobnicate'], unknown.io)).toBe(2);
    expect(unknown.err()).toMatch(/Unknown command "frobnicate"/);
    const none = io();
    expect(await runCli([], none.io)).toBe(2);
    const badOption = io();
    expect(await runCli(['seed-demo', '--nope'], badOption.io)).toBe(2);
  });

  it('refuses a malformed variable with a message naming it and exit code 2', async () => {
    const serve = io({ DATA_DIR: 'never-created', INGESTION_WORKERS: 'x' });
    expect(await runCli(['serve'], serve.io)).toBe(2);
    expect(serve.err()).toBe(
      'agent-chat-service: INGESTION_WORKERS must be a whole number ≥ 0 (got "x").\n' +
        'See "agent-chat-service serve --help".\n',
    );
    const purge = io({ DATA_DIR: 'never-created' });
    expect(await runCli(['purge-conversations', '--days', 'week'], purge.io)).toBe(2);
    expect(purge.err()).toMatch(/--days must be a positive whole number \(got "week"\)/);
    const serveHelp = io();
    expect(await runCli(['serve', '--help'], serveHelp.io)).toBe(0);
    expect(serveHelp.out()).toMatch(/INGESTION_WORKERS +Ingestion jobs .*\[default: 2\]/s);
  });

  it('creates keys and seeds the demo in DATA_DIR, then serves them', async () => {
    const env = { DATA_DIR: 'store' };
    const keys = io(env);
    expect(await runCli(['keys', 'create', '--org', 'Acme'], keys.io)).toBe(0);
    const apiKey = keys.out().trim();
    expect(apiKey).toMatch(/^acs_[A-Za-z0-9_-]{43}$/);
    expect(keys.err()).toMatch(/shown only once/);

    const seed = io(env);
    expect(await runCli(['seed-demo', '--key', 'cli-demo-key-000000001'], seed.io)).toBe(0);
    expect(seed.out()).toBe('apiKey=cli-demo-key-000000001\nagentId=demo\ndatastoreId=demo-docs\n');

    const controller = new AbortController();
    const serve = io({ ...env, PORT: '0', HEARTBEAT_MS: '50' }, controller.signal);
    const running = runCli(['serve'], serve.io);
    await expect
      .poll(() => serve.out(), { timeout: 30_000, message: 'the service starts' })
      .toMatch(/listening on http:\/\/\S+/);
    const url = /listening on (http:\/\/\S+)/.exec(serve.out())?.[1];
    const locked = io(env);
    expect(await runCli(['keys', 'create'], locked.io)).toBe(1);
    expect(locked.err()).toMatch(/in use|already open/);

    const demo = createApiClient(url as string, 'cli-demo-key-000000001');
    const answer = await demo('POST', '/api/agents/demo/query', {
      query: 'How do I embed the widget?',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.answer).toContain('data-agent-id');
    expect((await createApiClient(url as string, apiKey)('GET', '/api/agents')).body).toEqual([]);
    controller.abort();
    expect(await running).toBe(0);
  });

  it('ingests files into a running service, replacing same-named datasources', async () => {
    const { apiKey } = await target.createOrganization('Ingest');
    const call = createApiClient(target.url, apiKey);
    const store = (await call('POST', '/api/datastores', { name: 'Files' })).body;
    await writeFile(path.join(cwd, 'guide.md'), '# Guide\n\nOtters hold hands while sleeping.');
    await writeFile(path.join(cwd, 'notes.txt'), 'Owls can rotate their heads.');
    await writeFile(path.join(cwd, 'blank.txt'), '   ');

    const first = io({ AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: target.url });
    expect(await runCli(['ingest', store.id, 'guide.md', 'notes.txt'], first.io)).toBe(0);
    expect(first.out()).toMatch(/guide\.md\t\S+\tcreated\tsynched/);
    expect(first.out()).toMatch(/notes\.txt\t\S+\tcreated\tsynched/);

    await writeFile(path.join(cwd, 'guide.md'), '# Guide\n\nBeavers build dams.');
    const second = io();
    expect(
      await runCli(
        ['ingest', store.id, 'guide.md', '--url', target.url, '--key', apiKey],
        second.io,
      ),
    ).toBe(0);
    expect(second.out()).toMatch(/guide\.md\t\S+\treplaced\tsynched/);
    const datasources = (await call('GET', `/api/datastores/${store.id}/datasources`)).body;
    expect(datasources.map((d: { name: string }) => d.name).sort()).toEqual([
      'guide.md',
      'notes.txt',
    ]);

    const failed = io({ AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: target.url });
    expect(await runCli(['ingest', store.id, 'blank.txt'], failed.io)).toBe(1);
    expect(failed.err()).toMatch(/blank\.txt: error: .*no words/);

    const missingKey = io({ AGENT_SERVICE_URL: target.url });
    expect(await runCli(['ingest', store.id, 'guide.md'], missingKey.io)).toBe(2);
    expect(missingKey.err()).toMatch(/AGENT_API_TOKEN/);

    const unknownStore = io({ AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: target.url });
    expect(await runCli(['ingest', 'nope', 'guide.md'], unknownStore.io)).toBe(1);
    expect(unknownStore.err()).toMatch(/NOT_FOUND/);

    const missingFile = io({ AGENT_API_TOKEN: apiKey, AGENT_SERVICE_URL: target.url });
    expect(await runCli(['ingest', store.id, 'absent.md'], missingFile.io)).toBe(2);
    expect(missingFile.err()).toMatch(/Cannot read absent\.md/);

    const badKey = io({
      AGENT_API_TOKEN: 'acs_wrong-key-0000000000',
      AGENT_SERVICE_URL: target.url,
    });
    expect(await runCli(['ingest', store.id, 'guide.md'], badKey.io)).toBe(1);
    expect(badKey.err()).toMatch(/UNAUTHORIZED/);
  });
});

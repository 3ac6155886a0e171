import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type LoopbackSite, startLoopbackSite } from '../testing/index.js';

const cli = fileURLToPath(new URL('../cli.ts', import.meta.url));
let dataDir: string;
let site: LoopbackSite;
const children: ChildProcess[] = [];

/** Runs `agent-chat-service <args>` from source in a child process. */
function run(args: string[]): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--conditions=agent-chat-source', '--import', 'tsx', cli, ...args],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', ALLOW_PRIVATE_URLS: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  return child;
}

function output(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (data: Buffer) => {
      text += data.toString();
      const match = pattern.exec(text);
      if (match) {
        child.stdout?.off('data', onData);
        resolve(match);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}: ${text}`)));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'agent-service-crash-'));
  site = await startLoopbackSite({ slowMs: 800 });
});

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during an ingestion', () => {
  // Three CLI processes (keys, serve, serve again) from source: slow to start on a busy machine.
  it('after a restart every datasource ends synched or error, none stuck, no duplicate chunks', {
    timeout: 180_000,
  }, async () => {
    const keys = run(['keys', 'create', '--org', 'Crash']);
    const [, apiKey] = await output(keys, /^(\S+)\n/);
    await new Promise((resolve) => keys.once('exit', resolve));

    const first = run(['serve']);
    const [, firstUrl] = await output(first, /listening on (http:\/\/\S+)/);
    let call = createApiClient(firstUrl as string, apiKey);
    const store = (await call('POST', '/api/datastores', { name: 'Crash' })).body.id;
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      ids.push(
        (
          await call('POST', '/api/datasources', {
            datastoreId: store,
            type: 'web_page',
            config: { source_url: `${site.url}/slow?page=${index}` },
          })
        ).body.id,
      );
    }
    for (let index = 0; index < 30; index += 1) {
      ids.push(
        (
          await call('POST', '/api/datasources', {
            datastoreId: store,
            type: 'text',
            name: `n${index}.md`,
            config: { text: `# Note ${index}\n\nBuoy ${index} is red.` },
          })
        ).body.id,
      );
    }
    // Killed while a job runs: a worker is fetching a slow page (the site answers late).
    await expect
      .poll(() => site.requests.includes('/slow'), { message: 'a slow page is fetched' })
      .toBe(true);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const second = run(['serve']);
    const [, secondUrl] = await output(second, /listening on (http:\/\/\S+)/);
    call = createApiClient(secondUrl as string, apiKey);
    const unsettled = async () => {
      const list = (await call('GET', `/api/datastores/${store}/datasources`)).body as {
        id: string;
        status: string;
      }[];
      return ids
        .map((id) => list.find((datasource) => datasource.id === id)?.status ?? 'missing')
        .filter((status) => status !== 'synched');
    };
    await expect
      .poll(unsettled, { timeout: 30_000, message: 'every datasource is synched' })
      .toEqual([]);
    second.kill('SIGTERM');
    await new Promise((resolve) => second.once('exit', resolve));

    // The data directory, read directly: one chunk per note, nothing duplicated.
    const { createPgliteDatabase } = await import('../store/index.js');
    const database = await createPgliteDatabase({ dataDir });
    const rows = await database.query<{ datasource_id: string; chunks: number }>(
      'SELECT datasource_id, count(*)::int AS chunks FROM chunks GROUP BY datasource_id',
    );
    await database.close();
    const byId = new Map(rows.map((row) => [row.datasource_id, row.chunks]));
    for (const id of ids.slice(4)) expect(byId.get(id), id).toBe(1);
  });
});

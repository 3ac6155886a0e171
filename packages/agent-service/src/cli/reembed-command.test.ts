import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDatabase, startAgentService } from '../index.js';
import {
  captureCliIo,
  createApiClient,
  type EmbeddingsTestServer,
  startEmbeddingsTestServer,
} from '../testing/index.js';
import { runCli } from './index.js';

let cwd: string;
let embeddings: EmbeddingsTestServer;
let datastoreId: string;

function io(env: Record<string, string>, tty = false) {
  return captureCliIo({
    env: { DATA_DIR: 'store', EMBEDDINGS_URL: embeddings.url, ...env },
    cwd,
    stdoutIsTty: tty,
  });
}

beforeAll(async () => {
  cwd = await mkdtemp(path.join(tmpdir(), 'agent-service-reembed-'));
  embeddings = await startEmbeddingsTestServer({ dimensions: 48 });
  const service = await startAgentService({
    port: 0,
    dataDir: path.join(cwd, 'store'),
    embeddings: { url: embeddings.url, model: 'model-a' },
  });
  try {
    const { apiKey } = await service.createOrganization('Reembed');
    const call = createApiClient(service.url, apiKey);
    const stores = [
      (await call('POST', '/api/datastores', { name: 'One' })).body.id,
      (await call('POST', '/api/datastores', { name: 'Two' })).body.id,
    ];
    datastoreId = stores[0];
    const ids: string[] = [];
    for (const [index, store] of stores.entries()) {
      const documents = Array.from({ length: 3 + index }, (_, n) => ({
        name: `doc-${index}-${n}.md`,
        text: `# Document ${n}\n\nText number ${n} of store ${index}.`,
      }));
      ids.push(...(await call('POST', `/api/datastores/upsert/${store}`, { documents })).body.ids);
    }
    await service.ingestion.waitFor(ids);
    await service.hybrid?.pass?.drain();
  } finally {
    await service.close();
  }
}, 120_000);

afterAll(async () => {
  await embeddings?.close();
  await rm(cwd, { recursive: true, force: true });
});

async function storedSpaces() {
  const database = await createPgliteDatabase({ dataDir: path.join(cwd, 'store') });
  try {
    return await database.query<{ model: string; dimensions: number; vectors: number }>(
      `SELECT s.model, s.dimensions, count(v.chunk_id)::int AS vectors
       FROM embedding_spaces s LEFT JOIN chunk_vectors v ON v.space_id = s.id
       GROUP BY 1, 2 ORDER BY 1`,
    );
  } finally {
    await database.close();
  }
}

describe('agent-chat-service reembed', () => {
  it('has help, and needs the embeddings settings (exit 2) and a known datastore (exit 1)', async () => {
    const help = io({});
    expect(await runCli(['reembed', '--help'], help.io)).toBe(0);
    expect(help.out()).toContain('agent-chat-service reembed [--datastore <id>]');
    const unset = io({ EMBEDDINGS_URL: '' });
    expect(await runCli(['reembed'], unset.io)).toBe(2);
    expect(unset.err()).toMatch(/Set EMBEDDINGS_URL and EMBEDDINGS_MODEL/);
    const noModel = io({});
    expect(await runCli(['reembed'], noModel.io)).toBe(2);
    expect(noModel.err()).toMatch(/EMBEDDINGS_MODEL is required/);
    const missing = io({ EMBEDDINGS_MODEL: 'model-b' });
    expect(await runCli(['reembed', '--datastore', 'nope'], missing.io)).toBe(1);
    expect(missing.err()).toMatch(/Datastore "nope" was not found/);
  });

  it('re-embeds every chunk with a new model, with progress, and drops the old vectors', async () => {
    expect(await storedSpaces()).toEqual([{ model: 'model-a', dimensions: 48, vectors: 7 }]);
    const run = io({ EMBEDDINGS_MODEL: 'model-b' });
    expect(await runCli(['reembed'], run.io)).toBe(0);
    expect(run.out()).toMatch(/^0\/7 chunks\n/);
    expect(run.out()).toMatch(/7\/7 chunks\n/);
    expect(run.out()).toContain(
      'Embedded 7 chunk(s) with "model-b" (48 dimensions); removed the vectors of "model-a".',
    );
    expect(await storedSpaces()).toEqual([{ model: 'model-b', dimensions: 48, vectors: 7 }]);

    const tty = io({ EMBEDDINGS_MODEL: 'model-b' }, true);
    expect(await runCli(['reembed', '--datastore', datastoreId], tty.io)).toBe(0);
    expect(tty.out()).toMatch(/\[#{30}\] 3\/3 done\n/);
    expect(tty.out()).toContain('Embedded 3 chunk(s) with "model-b"');
  });

  it('names both sizes when the vectors change size, and rebuilds them on a full reembed', async () => {
    embeddings.setDimensions(24);
    const partial = io({ EMBEDDINGS_MODEL: 'model-b' });
    expect(await runCli(['reembed', '--datastore', datastoreId], partial.io)).toBe(1);
    expect(partial.err()).toMatch(
      /returned 24-dimensional vectors for model "model-b", but the vectors stored for it \(and their HNSW index\) are 48-dimensional.*run reembed without --datastore/s,
    );
    const full = io({ EMBEDDINGS_MODEL: 'model-b' });
    expect(await runCli(['reembed'], full.io)).toBe(0);
    expect(full.out()).toContain('Embedded 7 chunk(s) with "model-b" (24 dimensions).');
    expect(await storedSpaces()).toEqual([{ model: 'model-b', dimensions: 24, vectors: 7 }]);

    // A request the server refuses: exit 1 with the reason.
    embeddings.failNext(1, 400);
    const refused = io({ EMBEDDINGS_MODEL: 'model-b' });
    expect(await runCli(['reembed', '--datastore', datastoreId], refused.io)).toBe(1);
    expect(refused.err()).toMatch(/refused the request \(HTTP 400\)/);
  });

  it('leaves chunks without vectors when the server is down, and a restarted service embeds them', async () => {
    const dataDir = path.join(cwd, 'store');
    const options = {
      port: 0,
      dataDir,
      embeddings: { url: embeddings.url, model: 'model-b', maxAttempts: 1 },
    };
    embeddings.setDown(true);
    const first = await startAgentService(options);
    let added: string;
    try {
      const { apiKey } = await first.createOrganization('Restart');
      const call = createApiClient(first.url, apiKey);
      const store = (await call('POST', '/api/datastores', { name: 'Three' })).body.id;
      [added] = (
        await call('POST', `/api/datastores/upsert/${store}`, {
          documents: [{ name: 'late.md', text: 'Written while the embeddings server was down.' }],
        })
      ).body.ids;
      expect((await call('GET', `/api/datasources/${added}`)).body.status).toBe('synched');
      expect(await first.hybrid?.pending()).toBe(1);
    } finally {
      await first.close();
    }
    embeddings.setDown(false);
    const second = await startAgentService(options);
    try {
      await second.hybrid?.pass?.drain();
      expect(await second.hybrid?.pending()).toBe(0);
    } finally {
      await second.close();
    }
    expect(await storedSpaces()).toEqual([{ model: 'model-b', dimensions: 24, vectors: 8 }]);
  });
});

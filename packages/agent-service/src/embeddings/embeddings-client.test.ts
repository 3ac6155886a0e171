import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddingsTestServer, startEmbeddingsTestServer } from '../testing/index.js';
import { createEmbeddingsClient } from './embeddings-client.js';
import { EmbeddingsError } from './embeddings-error.js';

let server: EmbeddingsTestServer;
const secret = 'sk-embeddings-secret-key';

beforeAll(async () => {
  server = await startEmbeddingsTestServer({ dimensions: 16, apiKey: secret });
});
afterAll(() => server?.close());

const client = (overrides: Partial<Parameters<typeof createEmbeddingsClient>[0]> = {}) =>
  createEmbeddingsClient({
    url: server.url,
    model: 'fake-model',
    apiKey: secret,
    baseDelayMs: 20,
    ...overrides,
  });

describe('createEmbeddingsClient', () => {
  it('sends batches of batchSize texts and returns one vector per text, in order', async () => {
    server.requests.length = 0;
    const texts = Array.from({ length: 150 }, (_, index) => `text number ${index}`);
    const vectors = await client({ batchSize: 64 }).embed(texts);
    expect(vectors).toHaveLength(150);
    expect(vectors.every((vector) => vector.length === 16)).toBe(true);
    expect(server.requests.map((request) => request.input.length)).toEqual([64, 64, 22]);
    expect(server.requests[0]).toMatchObject({
      model: 'fake-model',
      authorization: `Bearer ${secret}`,
    });
    const [again] = await client().embed(['text number 149']);
    expect(again).toEqual(vectors[149]);
  });

  it('retries 503, 429 and dropped connections with growing pauses, then succeeds', async () => {
    server.requests.length = 0;
    server.failNext(1, 503);
    server.failNext(1, 429);
    server.failNext(1, 0);
    const started = performance.now();
    const [vector] = await client({ baseDelayMs: 40 }).embed(['retry me']);
    expect(vector).toHaveLength(16);
    expect(server.requests).toHaveLength(4);
    // Pauses: 503 → 20..40 ms, 429 → Retry-After: 0, dropped → 80..160 ms ≈ at least 100 ms.
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
  });

  it('gives up after maxAttempts with an "unavailable" error that names the host, not the key', async () => {
    server.setDown(true);
    try {
      server.requests.length = 0;
      const error = await client({ maxAttempts: 3 })
        .embed(['down'])
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(EmbeddingsError);
      expect(error).toMatchObject({ failure: 'unavailable', status: 502 });
      expect((error as Error).message).toMatch(
        /127\.0\.0\.1:\d+ is unavailable \(HTTP 503, 3 tries\)/,
      );
      expect((error as Error).message).not.toContain(secret);
      expect(server.requests).toHaveLength(3);
    } finally {
      server.setDown(false);
    }
  });

  it('does not retry a refused key or request', async () => {
    server.requests.length = 0;
    await expect(client({ apiKey: 'wrong' }).embed(['x'])).rejects.toMatchObject({
      failure: 'unauthorized',
      code: 'UPSTREAM_AUTH',
    });
    await expect(client({ url: `${server.url}/nowhere` }).embed(['x'])).rejects.toMatchObject({
      failure: 'rejected',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('rejects replies that are not vectors for the texts sent, and vectors of the wrong size', async () => {
    const odd = createServer((req, res) => {
      req.resume();
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [{ index: 0, embedding: 'base64stuff' }] }));
    });
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(odd.address() as AddressInfo).port}/v1/embeddings`;
      await expect(createEmbeddingsClient({ url, model: 'm' }).embed(['a', 'b'])).rejects.toThrow(
        /returned 1 vectors for 2 texts/,
      );
      await expect(createEmbeddingsClient({ url, model: 'm' }).embed(['a'])).rejects.toThrow(
        /not a vector of numbers/,
      );
    } finally {
      odd.close();
    }
    await expect(client({ dimensions: 32 }).embed(['x'])).rejects.toThrow(
      'returned 16-dimensional vectors for model "fake-model", but EMBEDDINGS_DIMENSIONS is 32',
    );
  });

  it('times out a silent server and can be aborted', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`;
      await expect(
        createEmbeddingsClient({
          url,
          model: 'm',
          timeoutMs: 50,
          maxAttempts: 2,
          baseDelayMs: 1,
        }).embed(['a']),
      ).rejects.toThrow(/no reply within 50 ms, 2 tries/);
      const controller = new AbortController();
      const pending = createEmbeddingsClient({ url, model: 'm' }).embed(['a'], {
        signal: controller.signal,
      });
      controller.abort(new Error('stopped'));
      await expect(pending).rejects.toThrow('stopped');
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});

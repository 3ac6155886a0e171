import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the embeddings test server received. */
export interface EmbeddingsRequest {
  model: string;
  input: string[];
  authorization: string | undefined;
}

/** Options of {@link startEmbeddingsTestServer}. */
export interface EmbeddingsTestServerOptions {
  /** Size of the vectors. Default 64. */
  dimensions?: number;
  /** Required as `Authorization: Bearer <apiKey>` (401 otherwise). Default: none needed. */
  apiKey?: string;
}

/** A running fake OpenAI-compatible embeddings server. */
export interface EmbeddingsTestServer {
  /** Base URL to use as `EMBEDDINGS_URL` (ends with `/v1`). */
  url: string;
  /** Every request received (failed ones too), oldest first. */
  requests: EmbeddingsRequest[];
  /**
   * Fails the next `count` requests: with HTTP `status` (default 503; `Retry-After: 0` on
   * 429), or by dropping the connection when `status` is 0.
   */
  failNext(count: number, status?: number): void;
  /** Fails every request from now on (503) until called with false. */
  setDown(down: boolean): void;
  /** Changes the size of the vectors returned from now on. */
  setDimensions(dimensions: number): void;
  close(): Promise<void>;
}

/**
 * Words that mean the same to this fake "model" (one concept each), so that paraphrases
 * that share no word land close together, as with a real embedding model.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ['car', 'automobile', 'vehicle', 'motorcar'],
  ['cost', 'price', 'pricing', 'fee', 'charge', 'expense'],
  ['rent', 'renting', 'rental', 'hire', 'hiring', 'lease'],
  ['buy', 'purchase', 'acquire'],
  ['big', 'large', 'huge'],
  ['fast', 'quick', 'rapid', 'speedy'],
  ['begin', 'start', 'commence'],
  ['help', 'support', 'assist', 'assistance'],
];
const CONCEPT = new Map(SYNONYMS.flatMap((words) => words.map((word) => [word, words[0]])));
const STOP_WORDS = new Set(
  'a an the of to in on for and or is are was be do does did how what which who i you we our my your it this that with by at per much many'.split(
    ' ',
  ),
);

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/**
 * The fake model: a hashed bag of concepts (lower-cased words, a plural `s` dropped,
 * synonyms merged, stop words out), normalised to length 1. Deterministic; texts that
 * share concepts are close in cosine distance.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(raw)) continue;
    const word = raw.length > 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    const concept = CONCEPT.get(word) ?? word;
    const slot = hash(concept);
    vector[slot % dimensions] = (vector[slot % dimensions] ?? 0) + ((slot >>> 16) & 1 ? 1 : -1);
  }
  const length = Math.hypot(...vector);
  // An empty text still needs a vector (of length 1).
  if (length === 0) return vector.map((_, index) => (index === 0 ? 1 : 0));
  return vector.map((value) => value / length);
}

/**
 * Starts a local server speaking OpenAI's `POST /v1/embeddings` with {@link fakeEmbedding}
 * vectors; it can fail on demand to exercise retries and resumption.
 */
export async function startEmbeddingsTestServer(
  options: EmbeddingsTestServerOptions = {},
): Promise<EmbeddingsTestServer> {
  let dimensions = options.dimensions ?? 64;
  const requests: EmbeddingsRequest[] = [];
  const failures: number[] = [];
  let down = false;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: { model?: unknown; input?: unknown };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = {};
    }
    const input = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
    requests.push({ model: String(body.model), input, authorization: req.headers.authorization });
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };
    const failure = failures.shift() ?? (down ? 503 : undefined);
    if (failure === 0) {
      req.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      reply(
        failure,
        { error: { message: 'failing on purpose' } },
        failure === 429 ? { 'retry-after': '0' } : {},
      );
      return;
    }
    if (req.url !== '/v1/embeddings' || req.method !== 'POST') {
      reply(404, { error: { message: 'not found' } });
      return;
    }
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      reply(401, { error: { message: 'bad key' } });
      return;
    }
    reply(200, {
      object: 'list',
      model: body.model,
      data: input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(text, dimensions),
      })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(count, status = 503) {
      for (let index = 0; index < count; index += 1) failures.push(status);
    },
    setDown(value) {
      down = value;
    },
    setDimensions(value) {
      dimensions = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

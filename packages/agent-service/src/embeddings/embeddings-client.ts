import { EmbeddingsError } from './embeddings-error.js';

/** Where and how to reach an OpenAI-compatible `/v1/embeddings` API. */
export interface EmbeddingsOptions {
  /**
   * Base URL of the API, e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`
   * (Ollama); `/embeddings` is appended unless the URL already ends with it.
   */
  url: string;
  /** Model name sent with every request, e.g. `text-embedding-3-small`, `nomic-embed-text`. */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>`; never logged or put in an error. */
  apiKey?: string | undefined;
  /**
   * Vector size to ask for (`dimensions`, for models that can shorten their vectors) and to
   * expect. Default: whatever the model returns.
   */
  dimensions?: number | undefined;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** Tries per request on 429, 5xx, timeouts and network errors. Default 6. */
  maxAttempts?: number;
  /** First pause between tries, doubled each time (with jitter; `Retry-After` wins), ms. Default 500. */
  baseDelayMs?: number;
  /** Longest pause between tries, ms. Default 20 000. */
  maxDelayMs?: number;
  /** Longest wait for one reply, ms. Default 30 000. */
  timeoutMs?: number;
  /** Injected fetch (tests). Default: global fetch. */
  fetch?: typeof fetch;
}

/** Turns texts into vectors. */
export interface EmbeddingsClient {
  /** The model name the vectors are made with. */
  readonly model: string;
  /** The configured vector size, if any (see {@link EmbeddingsOptions.dimensions}). */
  readonly dimensions: number | undefined;
  /**
   * One vector per text, in order: batched (`batchSize` texts per request), each request
   * retried with exponential backoff on 429/5xx/network errors. Options: `signal` aborts,
   * `maxAttempts` overrides the tries (a query's embedding gets one, not six).
   */
  embed(
    texts: readonly string[],
    options?: { signal?: AbortSignal; maxAttempts?: number },
  ): Promise<number[][]>;
}

function endpointOf(url: string): URL {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new TypeError(
      `The embeddings URL must be an absolute URL, e.g. http://127.0.0.1:11434/v1.`,
    );
  }
  if (!/\/embeddings\/?$/.test(endpoint.pathname)) {
    endpoint.pathname = `${endpoint.pathname.replace(/\/+$/, '')}/embeddings`;
  }
  return endpoint;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** `Retry-After` in ms (seconds or an HTTP date), if the reply has a usable one. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The vectors of an OpenAI-shaped reply, in input order, or why the reply is unusable. */
function vectorsOf(body: unknown, count: number, host: string): number[][] {
  const data = (body as { data?: unknown } | null)?.data;
  const fail = (why: string) =>
    new EmbeddingsError('bad_response', `The embeddings server at ${host} ${why}.`);
  if (!Array.isArray(data) || data.length !== count) {
    throw fail(`returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${count} texts`);
  }
  const vectors: number[][] = new Array(count);
  data.forEach((item: { index?: unknown; embedding?: unknown }, position) => {
    const index = typeof item?.index === 'number' ? item.index : position;
    const embedding = item?.embedding;
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      !embedding.every((value) => typeof value === 'number' && Number.isFinite(value))
    ) {
      throw fail('returned something that is not a vector of numbers (use encoding_format float)');
    }
    if (index < 0 || index >= count || vectors[index]) throw fail('returned vectors out of order');
    vectors[index] = embedding as number[];
  });
  const size = vectors[0]?.length;
  if (vectors.some((vector) => vector.length !== size))
    throw fail('returned vectors of mixed sizes');
  return vectors;
}

/**
 * A client of any OpenAI-compatible `POST /v1/embeddings` (OpenAI, Ollama, vLLM, LM
 * Studio): `{model, input: [...texts], encoding_format: "float"}` → `{data: [{index,
 * embedding}]}`. Requests that fail for a passing reason (429, 5xx, timeout, network) are
 * retried with exponential backoff and jitter, honouring `Retry-After`; a refusal (other
 * 4xx) fails at once. Every failure is an {@link EmbeddingsError}.
 *
 * @example
 * const client = createEmbeddingsClient({ url: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' });
 * const [vector] = await client.embed(['How do I embed the widget?']);
 */
export function createEmbeddingsClient(options: EmbeddingsOptions): EmbeddingsClient {
  const endpoint = endpointOf(options.url);
  const host = endpoint.host;
  const doFetch = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? 64;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 20_000;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function request(
    input: readonly string[],
    attempts: number,
    signal: AbortSignal | undefined,
  ): Promise<number[][]> {
    let lastProblem = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      let wait: number | undefined;
      try {
        const response = await doFetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            input,
            encoding_format: 'float',
            ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
          }),
          signal: signal
            ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
            : AbortSignal.timeout(timeoutMs),
        });
        if (response.ok) {
          const body: unknown = await response.json().catch(() => null);
          return vectorsOf(body, input.length, host);
        }
        await response.body?.cancel().catch(() => {});
        if (response.status === 401 || response.status === 403) {
          throw new EmbeddingsError(
            'unauthorized',
            `The embeddings server at ${host} refused the API key (HTTP ${response.status}); check EMBEDDINGS_API_KEY.`,
          );
        }
        if (response.status !== 429 && response.status < 500) {
          throw new EmbeddingsError(
            'rejected',
            `The embeddings server at ${host} refused the request (HTTP ${response.status}); check EMBEDDINGS_MODEL ("${options.model}") and EMBEDDINGS_URL.`,
          );
        }
        lastProblem = `HTTP ${response.status}`;
        wait = retryAfterMs(response);
      } catch (error) {
        if (error instanceof EmbeddingsError) throw error;
        if (signal?.aborted) throw signal.reason;
        lastProblem =
          (error as Error).name === 'TimeoutError'
            ? `no reply within ${timeoutMs} ms`
            : `${(error as Error).message}${(error as Error).cause instanceof Error ? ` (${((error as Error).cause as Error).message})` : ''}`;
      }
      if (attempt < attempts) {
        const backoff = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
        await sleep(Math.min(maxDelayMs, wait ?? backoff * (0.5 + Math.random() / 2)), signal);
      }
    }
    throw new EmbeddingsError(
      'unavailable',
      `The embeddings server at ${host} is unavailable (${lastProblem}, ${attempts} ${attempts === 1 ? 'try' : 'tries'}).`,
    );
  }

  return {
    model: options.model,
    dimensions: options.dimensions,
    async embed(texts, embedOptions = {}) {
      const vectors: number[][] = [];
      for (let first = 0; first < texts.length; first += batchSize) {
        const batch = texts.slice(first, first + batchSize);
        const result = await request(
          batch,
          embedOptions.maxAttempts ?? options.maxAttempts ?? 6,
          embedOptions.signal,
        );
        const size = result[0]?.length;
        if (options.dimensions !== undefined && size !== options.dimensions) {
          throw new EmbeddingsError(
            'dimension_mismatch',
            `The embeddings server at ${host} returned ${size}-dimensional vectors for model "${options.model}", but EMBEDDINGS_DIMENSIONS is ${options.dimensions}.`,
          );
        }
        vectors.push(...result);
      }
      return vectors;
    },
  };
}

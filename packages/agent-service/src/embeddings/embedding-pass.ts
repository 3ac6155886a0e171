import type { Logger } from '../logger.js';
import type { Database } from '../store/index.js';
import { embedChunks } from './embed-chunks.js';
import type { EmbeddingsClient } from './embeddings-client.js';
import { chunksToEmbed, findSpace } from './vector-store.js';

/** Options of {@link startEmbeddingPass}. */
export interface EmbeddingPassOptions {
  database: Database;
  client: EmbeddingsClient;
  logger: Logger;
  /** Chunks read and embedded per round (one request). Default 64. */
  batchSize?: number;
  /** Look for chunks without vectors this often even when not woken, ms. Default 30 000. */
  idlePollMs?: number;
  /** Pause after a failed round (the client has already retried), ms. Default 30 000. */
  failurePauseMs?: number;
}

/** The background pass that gives every chunk a vector. */
export interface EmbeddingPass {
  /** New chunks were written: look for them now. */
  wake(): void;
  /**
   * Resolves once no chunk lacks a vector of the current model (or rejects with the
   * error that stopped the last round).
   */
  drain(): Promise<void>;
  /** Stops after the round in progress (its request is aborted). */
  stop(): Promise<void>;
}

/**
 * Embeds, in the background, every chunk that has no vector of the client's model yet,
 * `batchSize` at a time, oldest first — new chunks after ingestion (`wake()`), chunks a
 * stopped process or an unreachable server left behind (at start, and every
 * `idlePollMs`), and all chunks after a model change. Ingestion never waits for it: a
 * datasource is `synched` once its chunks are searchable lexically, and its vectors
 * follow. When the server is down the round fails after the client's retries, and the
 * pass tries again `failurePauseMs` later; a text the server refuses (HTTP 4xx) is
 * marked and skipped until a reembed.
 */
export function startEmbeddingPass(options: EmbeddingPassOptions): EmbeddingPass {
  const { database, client, logger } = options;
  const batchSize = options.batchSize ?? 64;
  const controller = new AbortController();
  let wakeUp: (() => void) | undefined;
  let woken = false;
  let drainers: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || controller.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const running = (async () => {
    let embedded = 0;
    while (!controller.signal.aborted) {
      woken = false;
      try {
        const space = await findSpace(database, client.model);
        const batch = await chunksToEmbed(database, space, { limit: batchSize });
        if (batch.length === 0) {
          if (embedded > 0)
            logger.info({ chunks: embedded, model: client.model }, 'embeddings: up to date');
          embedded = 0;
          for (const drainer of drainers) drainer.resolve();
          drainers = [];
          await pause(options.idlePollMs ?? 30_000);
          continue;
        }
        await embedChunks(database, client, batch, {
          signal: controller.signal,
          onSkip: (chunkId, error) =>
            logger.warn({ chunkId, err: error.message }, 'embeddings: chunk skipped'),
        });
        embedded += batch.length;
      } catch (error) {
        if (controller.signal.aborted) break;
        logger.error(
          { err: (error as Error).message, model: client.model },
          'embeddings: round failed; chunks without vectors are retried later',
        );
        for (const drainer of drainers) drainer.reject(error);
        drainers = [];
        await pause(options.failurePauseMs ?? 30_000);
      }
    }
  })();

  return {
    wake() {
      woken = true;
      wakeUp?.();
    },
    drain() {
      return new Promise<void>((resolve, reject) => {
        drainers.push({ resolve, reject });
        woken = true;
        wakeUp?.();
      });
    },
    async stop() {
      controller.abort();
      wakeUp?.();
      await running;
      for (const drainer of drainers) drainer.reject(new Error('The embedding pass stopped.'));
      drainers = [];
    },
  };
}

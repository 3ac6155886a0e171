import { LIMITS } from '@agent-chat/protocol';
import {
  booleanFromEnv,
  listFromEnv,
  numberFromEnv,
  optionDocs,
  wholeNumberFromEnv,
  wholeNumberSchema,
} from '@agent-chat/protocol/options';
import { z } from 'zod';
import { DEFAULT_MIN_SIMILARITY, type HybridRetrievalOptions } from '../embeddings/index.js';
import {
  DEFAULT_INGESTION_WORKERS,
  DEFAULT_SYNCS_PER_ORGANIZATION,
  type IngestionOptions,
} from '../ingestion/index.js';
import { STAGE_NAMES } from '../retrieval/index.js';
import { httpUrl } from './http-url.js';
import { optionGroup } from './option-group.js';

/** Ingestion as the service takes it (it decides `exclusive`, the hooks and private URLs itself). */
export type IngestionSettings = Omit<
  IngestionOptions,
  'fetch' | 'exclusive' | 'onSettled' | 'onCommitted' | 'now'
> & {
  fetch?: Omit<NonNullable<IngestionOptions['fetch']>, 'allowPrivateUrls'>;
};

const SIMILARITY = 'must be a number from -1 to 1';

/** How documents get in (ingestion workers, web fetching) and how they are found (embeddings). */
export const knowledgeOptionFields = {
  /** Ingestion workers and web fetching. */
  ingestion: optionGroup<IngestionSettings>({
    /** Jobs run at once by this process (0: none; another process ingests). Env `INGESTION_WORKERS`. */
    workers: wholeNumberSchema(0).default(DEFAULT_INGESTION_WORKERS).register(optionDocs, {
      env: 'INGESTION_WORKERS',
      fromEnv: wholeNumberFromEnv,
      description:
        'Ingestion jobs run at once by this process (0: none, and no scheduled syncs; another process sharing the database ingests, and embeds).',
    }),
    /** Scheduled syncs of one organization open at once. Env `SYNC_CONCURRENCY_PER_ORGANIZATION`. */
    syncsPerOrganization: wholeNumberSchema(1)
      .default(DEFAULT_SYNCS_PER_ORGANIZATION)
      .register(optionDocs, {
        env: 'SYNC_CONCURRENCY_PER_ORGANIZATION',
        fromEnv: wholeNumberFromEnv,
        description:
          "Most syncs of one organization's web sources queued or running at once: the scheduler queues no more, so one organization's sites cannot hold the queue.",
      }),
  })
    .optional()
    .register(optionDocs, {
      defaultText: 'see `IngestionOptions`',
      description:
        'Ingestion workers, scheduled syncs and web fetching: `{ workers, syncsPerOrganization, leaseMs, pollMs, scheduleCheckMs, fetch: { timeoutMs, maxBytes, maxRedirects }, fetchRetry: { attempts, baseDelayMs } }`.',
    }),
  /** Lowest `config.sync_interval_minutes` accepted. Env `SYNC_MIN_INTERVAL_MINUTES`. Default 5. */
  syncMinIntervalMinutes: wholeNumberSchema(LIMITS.syncIntervalMinutes.floor)
    .max(LIMITS.syncIntervalMinutes.max, {
      error: `must be at most ${LIMITS.syncIntervalMinutes.max} (30 days)`,
    })
    .default(LIMITS.syncIntervalMinutes.min)
    .register(optionDocs, {
      env: 'SYNC_MIN_INTERVAL_MINUTES',
      fromEnv: wholeNumberFromEnv,
      description:
        'Shortest sync schedule (`config.sync_interval_minutes`) a web source may have, in minutes, at least 1; lower it for tests and demos.',
    }),
  /** Let web datasources fetch loopback, private and link-local addresses. Env `ALLOW_PRIVATE_URLS`. Default false. */
  allowPrivateUrls: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .register(optionDocs, {
      env: 'ALLOW_PRIVATE_URLS',
      fromEnv: booleanFromEnv,
      description:
        '`true` lets `web_page`/`web_site` datasources fetch, and the webhook post to, loopback, private and link-local addresses; off, the API cannot be used to reach your network.',
    }),
  /** Hybrid retrieval through an OpenAI-compatible `/v1/embeddings` API. Default: lexical only. */
  embeddings: optionGroup<HybridRetrievalOptions>({
    /** Base URL of the embeddings API. Env `EMBEDDINGS_URL`. */
    url: httpUrl(
      'http://127.0.0.1:11434/v1',
      'is required with the other EMBEDDINGS_ settings (without it, retrieval is lexical)',
    ).register(optionDocs, {
      env: 'EMBEDDINGS_URL',
      defaultText: 'lexical retrieval only',
      description:
        'OpenAI-compatible embeddings API for hybrid retrieval, e.g. `http://127.0.0.1:11434/v1` (Ollama), `https://api.openai.com/v1`.',
    }),
    /** Embedding model. Env `EMBEDDINGS_MODEL`. */
    model: z
      .string({ error: 'is required with the embeddings URL, e.g. nomic-embed-text' })
      .min(1, { error: 'is required with the embeddings URL, e.g. nomic-embed-text' })
      .register(optionDocs, {
        env: 'EMBEDDINGS_MODEL',
        defaultText: 'none',
        description:
          'Embedding model (required with the URL), e.g. `nomic-embed-text`, `text-embedding-3-small`.',
      }),
    /** Its API key. Env `EMBEDDINGS_API_KEY`. */
    apiKey: z.string().optional().register(optionDocs, {
      env: 'EMBEDDINGS_API_KEY',
      secret: true,
      description: 'API key of the embeddings API (never logged).',
    }),
    /** Vector size to ask for and expect. Env `EMBEDDINGS_DIMENSIONS`. Default: the model's. */
    dimensions: wholeNumberSchema(1).optional().register(optionDocs, {
      env: 'EMBEDDINGS_DIMENSIONS',
      fromEnv: wholeNumberFromEnv,
      defaultText: "the model's",
      description: 'Vector size to ask for (`dimensions`) and expect.',
    }),
    /** Nearest chunks below this cosine similarity are not used. Env `EMBEDDINGS_MIN_SIMILARITY`. */
    minSimilarity: z
      .number({ error: SIMILARITY })
      .min(-1, { error: SIMILARITY })
      .max(1, { error: SIMILARITY })
      .default(DEFAULT_MIN_SIMILARITY)
      .register(optionDocs, {
        env: 'EMBEDDINGS_MIN_SIMILARITY',
        fromEnv: numberFromEnv,
        description: 'Nearest chunks below this cosine similarity are not used.',
      }),
  })
    .optional()
    .register(optionDocs, {
      defaultText: 'lexical only',
      description:
        'Hybrid retrieval (see "Hybrid retrieval"); also takes `batchSize`, `maxAttempts`, `baseDelayMs`, `maxDelayMs`, `timeoutMs`, `queryTimeoutMs`, `idlePollMs` and `failurePauseMs` (see `HybridRetrievalOptions`).',
    }),
  /**
   * Stages of the ranking pipeline switched off, for measurements (docs/benchmarks.md's
   * ablation). Env `RANKING_STAGES_OFF`. Default: none; every stage runs.
   */
  rankingStagesOff: z
    .array(z.enum(STAGE_NAMES, { error: `must list ranking stages, of ${STAGE_NAMES.join(', ')}` }))
    .default([])
    .register(optionDocs, {
      env: 'RANKING_STAGES_OFF',
      fromEnv: listFromEnv,
      defaultText: 'none',
      description:
        'For measurements only: ranking stages switched off, a comma list (see "Ranking pipeline").',
    }),
};

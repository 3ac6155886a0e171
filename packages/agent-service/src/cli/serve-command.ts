import { createJsonLogger } from '../logger.js';
import { startAgentService } from '../server.js';
import { type CliIo, integerEnv, storageOptions, UsageError } from './cli-io.js';
import { embeddingsFromEnv } from './embeddings-env.js';

/** `serve`: runs the HTTP API, configured by environment, until `io.signal` aborts. */
export async function serve(io: CliIo): Promise<number> {
  const port = integerEnv(io, 'PORT', 3001) as number;
  const queries = integerEnv(io, 'USAGE_LIMIT_QUERIES');
  const periodMs = integerEnv(io, 'USAGE_LIMIT_PERIOD_MS', 86_400_000) as number;
  const heartbeatMs = integerEnv(io, 'HEARTBEAT_MS');
  const llmBaseUrl = io.env.LLM_BASE_URL;
  const llmTimeoutMs = integerEnv(io, 'LLM_TIMEOUT_MS');
  const condenseTimeoutMs = integerEnv(io, 'LLM_CONDENSE_TIMEOUT_MS');
  const retentionDays = integerEnv(io, 'CONVERSATION_RETENTION_DAYS');
  const webhookUrl = io.env.HANDOFF_WEBHOOK_URL;
  const webhookSecret = io.env.HANDOFF_WEBHOOK_SECRET ?? '';
  if (webhookUrl && webhookSecret.length < 16) {
    throw new UsageError(
      'HANDOFF_WEBHOOK_SECRET (16+ characters) is required with HANDOFF_WEBHOOK_URL.',
    );
  }
  if (webhookUrl && !URL.canParse(webhookUrl)) {
    throw new UsageError(
      'HANDOFF_WEBHOOK_URL must be an absolute URL, e.g. https://hooks.example/handoff.',
    );
  }
  const uploadLimitBytes = integerEnv(io, 'UPLOAD_LIMIT_BYTES');
  const ingestionWorkers = integerEnv(io, 'INGESTION_WORKERS');
  const embeddings = embeddingsFromEnv(io);
  const service = await startAgentService({
    ...storageOptions(io),
    port,
    host: io.env.HOST || '127.0.0.1',
    logger: createJsonLogger(io.stderr),
    ...(queries === undefined ? {} : { usageLimit: { queries, periodMs } }),
    ...(heartbeatMs === undefined ? {} : { heartbeatMs }),
    ...(retentionDays ? { conversationRetentionDays: retentionDays } : {}),
    ...(webhookUrl ? { handoffWebhook: { url: webhookUrl, secret: webhookSecret } } : {}),
    allowPrivateUrls: io.env.ALLOW_PRIVATE_URLS === 'true',
    ...(uploadLimitBytes === undefined ? {} : { uploadLimitBytes }),
    ingestion: {
      // A server ingests: its chunk-analysis thread loads now, not during its first ingestion.
      analysisThread: 'at-start',
      ...(ingestionWorkers === undefined ? {} : { workers: ingestionWorkers }),
    },
    ...(embeddings ? { embeddings } : {}),
    ...(llmBaseUrl
      ? {
          llm: {
            baseUrl: llmBaseUrl,
            ...(io.env.LLM_API_KEY ? { apiKey: io.env.LLM_API_KEY } : {}),
            ...(io.env.LLM_MODEL ? { model: io.env.LLM_MODEL } : {}),
            ...(llmTimeoutMs === undefined ? {} : { timeoutMs: llmTimeoutMs }),
            ...(condenseTimeoutMs === undefined ? {} : { condenseTimeoutMs }),
          },
        }
      : {}),
  });
  io.stdout(
    `agent-chat-service listening on ${service.url} (answers: ${llmBaseUrl ? `LLM at ${new URL(llmBaseUrl).host}` : 'extractive'}; retrieval: ${embeddings ? `hybrid, ${embeddings.model} at ${new URL(embeddings.url).host}` : 'lexical'})\n`,
  );
  await new Promise<void>((resolve) => {
    if (!io.signal || io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await service.close();
  return 0;
}

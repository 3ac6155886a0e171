import { createJsonLogger } from '../logger.js';
import { serveOptionsFromEnv } from '../options/index.js';
import { startAgentService } from '../server.js';
import type { CliIo } from './cli-io.js';

/** `serve`: runs the HTTP API, configured by environment, until `io.signal` aborts. */
export async function serve(io: CliIo): Promise<number> {
  const options = serveOptionsFromEnv(io.env, io.cwd);
  // The chunk-analysis thread starts with the first large batch and ends when idle: a
  // server at rest keeps no second JavaScript heap.
  const service = await startAgentService({
    ...options,
    logger: createJsonLogger(io.stderr),
  });
  const { llm, embeddings } = options;
  io.stdout(
    `agent-chat-service listening on ${service.url} (answers: ${llm ? `LLM at ${new URL(llm.baseUrl).host}` : 'extractive'}; retrieval: ${embeddings ? `hybrid, ${embeddings.model} at ${new URL(embeddings.url).host}` : 'lexical'})\n`,
  );
  await new Promise<void>((resolve) => {
    if (!io.signal || io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await service.close();
  return 0;
}

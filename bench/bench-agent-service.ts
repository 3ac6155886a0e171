import type { RequestListener } from 'node:http';
import { createAgentService } from '@agent-chat/agent-service';

/**
 * The agent service under test, in its child process: in-memory PGlite, the extractive
 * answerer (no model, no network), silent logs, and one organization whose API key is
 * handed to the parent. `allowPrivateUrls` lets it crawl a site on loopback. Its counters
 * are read once ingestion is idle (queue empty, full-text index merged), so the parent can
 * time the merge that follows the last synched upsert. Its chunk-analysis thread starts
 * with it, so that the figures are ingestion's steady rate, not the thread's loading.
 */
export async function createBenchAgentService(
  options: { allowPrivateUrls?: boolean } = {},
): Promise<{
  handle: RequestListener;
  close: () => Promise<void>;
  info: Record<string, string>;
  counters: () => Promise<Record<string, number>>;
}> {
  const service = await createAgentService({
    allowPrivateUrls: options.allowPrivateUrls === true,
    ingestion: { analysisThread: 'at-start' },
  });
  const { apiKey } = await service.createOrganization('Bench');
  return {
    handle: service.app as unknown as RequestListener,
    close: () => service.close(),
    info: { apiKey },
    counters: async () => {
      await service.ingestion.idle();
      const rows = await service.database.query<{ count: number | string }>(
        'SELECT count(*) AS count FROM chunks',
      );
      return { chunks: Number(rows[0]?.count ?? 0) };
    },
  };
}

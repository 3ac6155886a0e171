import type { RequestListener } from 'node:http';
import { createAgentService } from '@agent-chat/agent-service';

/**
 * The agent service under test, in its child process: in-memory PGlite, the extractive
 * answerer (no model, no network), silent logs, and one organization whose API key is
 * handed to the parent.
 */
export async function createBenchAgentService(): Promise<{
  handle: RequestListener;
  close: () => Promise<void>;
  info: Record<string, string>;
  counters: () => Promise<Record<string, number>>;
}> {
  const service = await createAgentService({});
  const { apiKey } = await service.createOrganization('Bench');
  return {
    handle: service.app as unknown as RequestListener,
    close: () => service.close(),
    info: { apiKey },
    counters: async () => {
      const rows = await service.database.query<{ count: number | string }>(
        'SELECT count(*) AS count FROM chunks',
      );
      return { chunks: Number(rows[0]?.count ?? 0) };
    },
  };
}

import type { RequestListener } from 'node:http';
import { createAgentService } from '@agent-chat/agent-service';

/**
 * The agent service under test, in its child process: in-memory PGlite, the extractive
 * answerer (no model, no network), silent logs, and one organization whose API key is
 * handed to the parent. `allowPrivateUrls` lets it crawl a site on loopback. Its counters
 * are read once ingestion is idle (queue empty, full-text index merged), so the parent can
 * time the merge that follows the last synched upsert. Its chunk-analysis thread starts
 * with it, as `agent-chat-service serve` starts its own.
 *
 * Its task `plain-insert` is the ingestion figure's reference: it copies the chunk rows
 * stored since its last call into a plain table (`id` as primary key, no index, no text
 * search vector) with one `INSERT … SELECT FROM unnest(…)`, in the same PGlite, and
 * reports the rows and the milliseconds that statement took.
 */
export async function createBenchAgentService(
  options: { allowPrivateUrls?: boolean } = {},
): Promise<{
  handle: RequestListener;
  close: () => Promise<void>;
  info: Record<string, string>;
  counters: () => Promise<Record<string, number>>;
  tasks: Record<string, () => Promise<Record<string, number>>>;
}> {
  const service = await createAgentService({
    allowPrivateUrls: options.allowPrivateUrls === true,
    ingestion: { analysisThread: 'at-start' },
  });
  const { apiKey } = await service.createOrganization('Bench');
  const { database } = service;
  await database.query(
    `CREATE TABLE bench_plain_chunks (id text PRIMARY KEY, datasource_id text NOT NULL,
       datastore_id text NOT NULL, position integer NOT NULL, title text NOT NULL, content text NOT NULL)`,
  );
  const plainInsert = async (): Promise<Record<string, number>> => {
    const rows = await database.query<{
      id: string;
      datasource_id: string;
      datastore_id: string;
      position: number;
      title: string;
      content: string;
    }>(
      `SELECT c.id, c.datasource_id, c.datastore_id, c.position, c.title, c.content FROM chunks c
       WHERE NOT EXISTS (SELECT 1 FROM bench_plain_chunks p WHERE p.id = c.id)`,
    );
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    const started = process.hrtime.bigint();
    await database.query(
      `INSERT INTO bench_plain_chunks (id, datasource_id, datastore_id, position, title, content)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::text[], $6::text[])`,
      [
        column('id'),
        column('datasource_id'),
        column('datastore_id'),
        column('position'),
        column('title'),
        column('content'),
      ],
    );
    return { rows: rows.length, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };
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
    tasks: { 'plain-insert': plainInsert },
  };
}

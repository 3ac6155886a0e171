import type { RequestListener } from 'node:http';
import { createAgentService } from '@agent-chat/agent-service';

/**
 * The agent service under test, in its child process: in-memory PGlite, the extractive
 * answerer (no model, no network), silent logs, and one organization whose API key is
 * handed to the parent. `allowPrivateUrls` lets it crawl a site on loopback. Its counters
 * are read once ingestion is idle (queue empty, full-text index merged), so the parent can
 * time the merge that follows the last synched upsert. Its chunk-analysis thread starts
 * with it, so that the figures are ingestion's steady rate, not the thread's loading.
 *
 * Its task `plain-insert` is the ingestion figure's reference: it copies the chunk rows of
 * the given datasources (`{datasourceIds}`) into an empty plain table (`id` as primary key,
 * no other index, no text-search vector) with one `INSERT … SELECT FROM unnest(…)`, in the
 * same PGlite, reports the rows and the milliseconds that statement took, and empties the
 * table again (so the copy neither grows the database nor crowds the chunks out of its
 * buffers before the queries are timed).
 */
export async function createBenchAgentService(
  options: { allowPrivateUrls?: boolean } = {},
): Promise<{
  handle: RequestListener;
  close: () => Promise<void>;
  info: Record<string, string>;
  counters: () => Promise<Record<string, number>>;
  tasks: Record<string, (input: unknown) => Promise<Record<string, number>>>;
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
  const plainInsert = async (input: unknown): Promise<Record<string, number>> => {
    const { datasourceIds } = input as { datasourceIds: string[] };
    const rows = await database.query<{
      id: string;
      datasource_id: string;
      datastore_id: string;
      position: number;
      title: string;
      content: string;
    }>(
      `SELECT c.id, c.datasource_id, c.datastore_id, c.position, c.title, c.content FROM chunks c
       WHERE c.datasource_id = ANY($1::text[])`,
      [datasourceIds],
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
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await database.query('TRUNCATE bench_plain_chunks');
    return { rows: rows.length, ms };
  };
  return {
    handle: service.app as unknown as RequestListener,
    close: () => service.close(),
    info: { apiKey },
    counters: async () => {
      await service.ingestion.idle();
      // chunkIds: a checksum of the chunk ids, which change whenever chunks are rewritten.
      const rows = await service.database.query<{ count: number | string; ids: number | string }>(
        'SELECT count(*) AS count, coalesce(sum(hashtext(id)::bigint), 0) AS ids FROM chunks',
      );
      return { chunks: Number(rows[0]?.count ?? 0), chunkIds: Number(rows[0]?.ids ?? 0) };
    },
    tasks: { 'plain-insert': plainInsert },
  };
}

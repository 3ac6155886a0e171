import { parseArgs } from 'node:util';
import { createEmbeddingsClient, reembed } from '../embeddings/index.js';
import { embeddingsFromEnv } from '../options/index.js';
import { createPgDatabase, createPgliteDatabase, migrate } from '../store/index.js';
import { type CliIo, storageOptions, UsageError } from './cli-io.js';
import { createIngestProgress } from './ingest-progress.js';

/**
 * `reembed [--datastore <id>]`: embeds every chunk again with `EMBEDDINGS_MODEL` (after a
 * model change), a progress bar on a terminal and a line every tenth otherwise; a full
 * run also deletes the vectors of other models. Exit 1 when the server fails (after its
 * retries) or the vector size cannot change; running it again resumes the work.
 */
export async function reembedCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { datastore: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError('reembed takes no arguments.');
  const embeddings = embeddingsFromEnv(io.env);
  if (!embeddings) {
    throw new UsageError('Set EMBEDDINGS_URL and EMBEDDINGS_MODEL (the model to embed with).');
  }
  const storage = storageOptions(io);
  const database =
    'databaseUrl' in storage
      ? await createPgDatabase(storage)
      : await createPgliteDatabase({ dataDir: storage.dataDir });
  try {
    await migrate(database);
    if (values.datastore !== undefined) {
      const found = await database.query('SELECT 1 FROM datastores WHERE id = $1', [
        values.datastore,
      ]);
      if (found.length === 0) throw new Error(`Datastore "${values.datastore}" was not found.`);
    }
    const client = createEmbeddingsClient({
      ...embeddings,
      ...(io.fetch ? { fetch: io.fetch } : {}),
    });
    const progress = createIngestProgress(io.stdout, io.stdoutIsTty === true);
    let lastTenth = -1;
    const result = await reembed(database, client, {
      datastoreId: values.datastore,
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress(done, total) {
        progress.update(done, total, 0);
        const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
        if (io.stdoutIsTty !== true && tenth !== lastTenth) {
          lastTenth = tenth;
          io.stdout(`${done}/${total} chunks\n`);
        }
      },
      onSkip: (chunkId, error) => io.stderr(`chunk ${chunkId} skipped: ${error.message}\n`),
    });
    progress.finish();
    io.stdout(
      `Embedded ${result.chunks - result.skipped} chunk(s) with "${client.model}"` +
        `${result.dimensions === undefined ? '' : ` (${result.dimensions} dimensions)`}` +
        `${result.skipped > 0 ? `; ${result.skipped} refused by the server` : ''}` +
        `${result.removedModels.length > 0 ? `; removed the vectors of ${result.removedModels.map((model) => `"${model}"`).join(', ')}` : ''}.\n`,
    );
    return result.skipped > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { growMemoryFilesFaster } from './pglite-file-growth.js';

/** The `json` type's OID. */
const JSON_TYPE = 114;

function serializeJson(value: unknown): string | Uint8Array {
  if (typeof value === 'string' || value instanceof Uint8Array) return value;
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
}

/**
 * Creates the service's PGlite, persisted in `pgdata`, or in
 * memory (from `snapshot`, a `dumpDataDir` tarball, when given), with pgvector loaded, `json`
 * parameters accepted as UTF-8 bytes and, in memory, files that grow by half (see
 * `growMemoryFilesFaster`).
 */
export async function openPglite(options: {
  pgdata?: string | undefined;
  snapshot?: Blob | undefined;
}): Promise<PGlite> {
  const pglite = await PGlite.create({
    // pgvector, for hybrid retrieval: loaded always (it costs nothing until
    // `CREATE EXTENSION vector`), so a data directory with vectors opens either way.
    extensions: { vector },
    // A `json` parameter given as UTF-8 bytes goes out as is (binary format, which for
    // `json` is the text): no string to measure and encode again (see database.ts).
    serializers: { [JSON_TYPE]: serializeJson as (value: unknown) => string },
    ...(options.pgdata === undefined ? {} : { dataDir: options.pgdata }),
    ...(options.snapshot === undefined ? {} : { loadDataDir: options.snapshot }),
  });
  if (options.pgdata === undefined) growMemoryFilesFaster(pglite);
  return pglite;
}

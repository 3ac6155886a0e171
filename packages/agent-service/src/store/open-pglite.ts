import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { growMemoryFilesFaster } from './pglite-file-growth.js';

/**
 * Creates the service's PGlite, persisted in `pgdata`, or in
 * memory (from `snapshot`, a `dumpDataDir` tarball, when given), with pgvector loaded and,
 * in memory, files that grow by half (see `growMemoryFilesFaster`) and WAL segments that
 * are not zero-filled.
 */
export async function openPglite(options: {
  pgdata?: string | undefined;
  snapshot?: Blob | undefined;
}): Promise<PGlite> {
  const pglite = await PGlite.create({
    // pgvector, for hybrid retrieval: loaded always (it costs nothing until
    // `CREATE EXTENSION vector`), so a data directory with vectors opens either way.
    extensions: { vector },
    ...(options.pgdata === undefined ? {} : { dataDir: options.pgdata }),
    ...(options.snapshot === undefined ? {} : { loadDataDir: options.snapshot }),
  });
  if (options.pgdata === undefined) {
    growMemoryFilesFaster(pglite);
    // Postgres zero-fills each new 16 MB WAL segment, 8 kB at a time, so that the disk space
    // is really allocated; in memory that is pure cost (a twentieth of a bulk ingestion).
    // Off, it writes the segment's last byte only. This session is the database's only one.
    await pglite.exec('SET wal_init_zero = off');
  }
  return pglite;
}

import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { bytesBlob } from './bytes-blob.js';
import { growMemoryFilesFaster } from './pglite-file-growth.js';
import { pgliteTemplateTarball, unpackPgliteTemplate } from './pglite-template.js';

/**
 * PGlite's page cache (Postgres `shared_buffers`) by default, MB: 16 for a data directory
 * (what a deployment runs), Postgres's own 128 in memory (tests, benchmarks, evaluations:
 * the database is in memory anyway, and a smaller cache makes large bulk loads and queries
 * over tens of thousands of chunks slower).
 */
export const DEFAULT_PGLITE_CACHE_MB = { dataDir: 16, inMemory: 128 } as const;

/**
 * Postgres settings for a store embedded in one process, after PGlite's own start
 * parameters. Postgres sizes `shared_buffers` (128 MB) for a server that owns its
 * machine's memory; in PGlite those buffers live in the process's WebAssembly heap, which
 * never shrinks, so they would be most of its memory, while the rows they hold are cached
 * a second time by the operating system (a data directory) or are already in memory
 * (in-memory PGlite, where a miss is a copy). The WAL buffers follow (1/32 of it).
 */
function embeddedSettings(cacheMb: number): string[] {
  // Synchronized scans off: a scan of a large table would start where the last one stopped,
  // and a search that reads chunks in storage order up to a cap (`searchLexical`) would find
  // other candidates each time.
  return ['-c', `shared_buffers=${cacheMb}MB`, '-c', 'synchronize_seqscans=off'];
}

/**
 * Creates the service's PGlite, persisted in `pgdata` (a new one unpacked from the
 * repository's template cluster, see `unpackPgliteTemplate`), or in memory (from
 * `snapshot`, a `dumpDataDir` tarball, when given, else from the template cluster, see
 * `pgliteTemplateTarball`): never by initdb while the template matches PGlite. With pgvector loaded, a
 * page cache of `cacheMb` (default {@link DEFAULT_PGLITE_CACHE_MB}) and,
 * in memory, files that grow by half (see `growMemoryFilesFaster`) and WAL segments that
 * are not zero-filled.
 */
export async function openPglite(options: {
  pgdata?: string | undefined;
  snapshot?: Blob | Uint8Array | undefined;
  cacheMb?: number | undefined;
}): Promise<PGlite> {
  let snapshot =
    options.snapshot instanceof Uint8Array ? bytesBlob(options.snapshot) : options.snapshot;
  if (options.pgdata !== undefined) {
    const template = await unpackPgliteTemplate(options.pgdata);
    if (!template.unpacked && template.warning !== undefined) {
      process.emitWarning(template.warning, 'PgliteTemplateWarning');
    }
  } else if (snapshot === undefined) {
    const template = await pgliteTemplateTarball();
    if ('warning' in template) process.emitWarning(template.warning, 'PgliteTemplateWarning');
    else snapshot = template.tarball;
  }
  const pglite = await PGlite.create({
    // pgvector, for hybrid retrieval: loaded always (it costs nothing until
    // `CREATE EXTENSION vector`), so a data directory with vectors opens either way.
    extensions: { vector },
    startParams: [
      ...PGlite.defaultStartParams,
      ...embeddedSettings(
        options.cacheMb ??
          (options.pgdata === undefined
            ? DEFAULT_PGLITE_CACHE_MB.inMemory
            : DEFAULT_PGLITE_CACHE_MB.dataDir),
      ),
    ],
    ...(options.pgdata === undefined ? {} : { dataDir: options.pgdata }),
    ...(snapshot === undefined ? {} : { loadDataDir: snapshot }),
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

// The PGlite template cluster, shipped ready in the repository: a freshly initialised data
// directory as a brotli-compressed tar (pglite-template/pgdata.tar.br) and the record of
// what made it (pglite-template/pglite-template.json). A new data directory is unpacked from
// it and a new in-memory database loads it, because initdb is the most memory a PGlite
// process ever needs: it runs the initdb program and a second Postgres beside the first, all
// in WebAssembly, about 875 MB resident for a few seconds, where `npm start` has 350 MB at
// peak and a service at rest a fifth of that. `npm run pglite-template` makes it again
// (after a PGlite upgrade).
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { bytesBlob } from './bytes-blob.js';
import { archiveDirectory, extractArchive, tarOfArchive } from './directory-archive.js';

/**
 * Where the template is kept: `packages/agent-service/pglite-template` (the same folder
 * whether this module runs compiled or from source, and published with the package).
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('../../pglite-template', import.meta.url));

const ARCHIVE_FILE = 'pgdata.tar.br';
const RECORD_FILE = 'pglite-template.json';

/** What made a template: a cluster is only used by the PGlite that made it. */
export interface PgliteTemplateRecord {
  /** The PGlite package version that ran initdb. */
  pglite: string;
  /** The cluster's `PG_VERSION` (the Postgres major version). */
  postgres: string;
  /** The cluster's catalog version (`pg_control`), which a server must match to open it. */
  catalogVersion: number;
}

/** The installed PGlite's version. */
export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The Postgres major version and catalog version of the cluster in `pgdata`. */
export function describeCluster(pgdata: string): Omit<PgliteTemplateRecord, 'pglite'> {
  const control = readFileSync(path.join(pgdata, 'global', 'pg_control'));
  return {
    postgres: readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8').trim(),
    // ControlFileData: system_identifier (8 bytes), pg_control_version (4), catalog_version_no.
    catalogVersion: control.readUInt32LE(12),
  };
}

/** The record of the template in `directory`, or undefined when there is none. */
export function readPgliteTemplateRecord(
  directory = PGLITE_TEMPLATE_DIR,
): PgliteTemplateRecord | undefined {
  try {
    return JSON.parse(readFileSync(path.join(directory, RECORD_FILE), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Makes the template again with the installed PGlite: initdb in a scratch directory (about
 * 875 MB resident for a few seconds), archived into `directory` with its record. Replaces
 * a template already there.
 *
 * For `npm run pglite-template` (`scripts/write-pglite-template.ts`).
 */
export async function writePgliteTemplate(
  directory = PGLITE_TEMPLATE_DIR,
): Promise<PgliteTemplateRecord> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pglite-template-'));
  try {
    const pgdata = path.join(scratch, 'pgdata');
    const pglite = await PGlite.create({ dataDir: pgdata });
    await pglite.close();
    const record = { pglite: installedPgliteVersion(), ...describeCluster(pgdata) };
    const archive = archiveDirectory(pgdata);
    mkdirSync(directory, { recursive: true });
    const writing = path.join(directory, `.writing-${process.pid}`);
    writeFileSync(writing, archive);
    renameSync(writing, path.join(directory, ARCHIVE_FILE));
    writeFileSync(writing, `${JSON.stringify(record, null, 2)}\n`);
    renameSync(writing, path.join(directory, RECORD_FILE));
    return record;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The entries of a directory; none when it does not exist. */
function entriesOf(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The template's archive, or why it cannot be used (missing, made by another PGlite). */
function usableArchive(directory: string): { archive: Buffer } | { warning: string } {
  const remedy =
    'so PGlite initialises the database itself, which takes about 900 MB of memory ' +
    'for a few seconds; run `npm run pglite-template` to make the template again.';
  const record = readPgliteTemplateRecord(directory);
  if (record === undefined) {
    return { warning: `There is no PGlite template in ${directory}, ${remedy}` };
  }
  const installed = installedPgliteVersion();
  if (record.pglite !== installed) {
    return {
      warning:
        `The PGlite template in ${directory} was made by PGlite ${record.pglite} and ` +
        `PGlite ${installed} is installed, ${remedy}`,
    };
  }
  return { archive: readFileSync(path.join(directory, ARCHIVE_FILE)) };
}

/**
 * The template as a tarball for PGlite's `loadDataDir`, which starts an in-memory database
 * from it instead of running initdb (tests, benchmarks, evaluations: seconds and about
 * 500 MB less each), or, when it cannot be used, a warning that says how to make it again.
 */
export async function pgliteTemplateTarball(
  directory = PGLITE_TEMPLATE_DIR,
): Promise<{ tarball: Blob } | { warning: string }> {
  const usable = usableArchive(directory);
  if ('warning' in usable) return usable;
  return { tarball: bytesBlob(new Uint8Array(await tarOfArchive(usable.archive))) };
}

/** What {@link unpackPgliteTemplate} did. */
export type TemplateOutcome =
  | { unpacked: true }
  | {
      unpacked: false;
      /** Why a template was not used, when one was expected. */
      warning?: string;
    };

/**
 * Fills the new data directory `pgdata` from the template instead of letting PGlite run
 * initdb in this process. Leaves `pgdata` to PGlite when it is not empty (a cluster
 * already), and, with a warning that says how to make a new one, when the template is
 * missing or was made by another PGlite version: after a PGlite upgrade the first start
 * still works, with initdb's memory. The tree is unpacked beside `pgdata` and renamed into
 * place, so that an unpacking cut short is never taken for a cluster.
 */
export async function unpackPgliteTemplate(
  pgdata: string,
  directory = PGLITE_TEMPLATE_DIR,
): Promise<TemplateOutcome> {
  if (entriesOf(pgdata).length > 0) return { unpacked: false };
  const usable = usableArchive(directory);
  if ('warning' in usable) return { unpacked: false, warning: usable.warning };
  const unpacking = `${pgdata}.unpacking-${process.pid}`;
  rmSync(unpacking, { recursive: true, force: true });
  try {
    await extractArchive(usable.archive, unpacking);
    rmSync(pgdata, { recursive: true, force: true });
    renameSync(unpacking, pgdata);
  } finally {
    rmSync(unpacking, { recursive: true, force: true });
  }
  return { unpacked: true };
}

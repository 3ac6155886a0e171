// A directory tree as one brotli-compressed tar (regular files and directories, their
// permission bits, a fixed time), written and read with node-tar, the tar npm itself uses,
// and node:zlib's brotli. It is how the PGlite template cluster is kept in the repository
// (see pglite-template.ts): 39 MB of mostly empty pages become about 1.3 MB, and unpacking
// them needs no initdb.
import { mkdirSync, readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompress, constants } from 'node:zlib';
import { create, extract, type ReadEntry } from 'tar';

/** The only entry types an archive holds (node-tar's names). */
const KINDS = new Set(['File', 'Directory']);
/** A tar ends with two blocks of zeros. */
const END_OF_ARCHIVE = 1024;

/**
 * The tree under `directory` as a brotli-compressed tar (quality 11, a 16 MB window: the
 * slowest to write and the smallest, for a file written once and read at first starts).
 * Entries are in name order, with no owner and a fixed time, so that the same tree always
 * makes the same bytes.
 */
export function archiveDirectory(directory: string): Buffer {
  const names = readdirSync(directory, { recursive: true }).map(String).sort();
  const tar = create(
    { sync: true, cwd: directory, portable: true, mtime: new Date(0), noDirRecurse: true },
    names,
  ).read() as Buffer | null;
  if (tar === null) throw new Error(`${directory} is empty; there is nothing to archive.`);
  return brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
}

/** The tar inside an {@link archiveDirectory} archive (what PGlite's `loadDataDir` reads). */
export async function tarOfArchive(archive: Buffer): Promise<Buffer> {
  return promisify(brotliDecompress)(archive);
}

/**
 * Writes the tree of an {@link archiveDirectory} archive under `directory` (created if
 * missing). Refuses an archive cut short, entries that would land outside `directory`, and
 * any entry type but files and directories (node-tar's strict mode turns its warnings into
 * errors).
 */
export async function extractArchive(archive: Buffer, directory: string): Promise<void> {
  const tar = await tarOfArchive(archive);
  if (tar.length < END_OF_ARCHIVE || tar.subarray(-END_OF_ARCHIVE).some((byte) => byte !== 0)) {
    throw new Error('The archive ends before its end-of-archive blocks: it is cut short.');
  }
  mkdirSync(directory, { recursive: true });
  let refused: string | undefined;
  const unpacking = extract({
    cwd: directory,
    strict: true,
    filter(name, entry) {
      const { type } = entry as ReadEntry;
      if (KINDS.has(type)) return true;
      refused ??= `The archive entry ${name} is a ${type}, not a file or directory.`;
      return false;
    },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      unpacking.on('error', reject);
      unpacking.on('close', resolve);
      unpacking.end(tar);
    });
  } catch (error) {
    throw new Error(
      `The archive cannot be unpacked into ${directory}: ${(error as Error).message}`,
    );
  }
  if (refused !== undefined) throw new Error(refused);
}

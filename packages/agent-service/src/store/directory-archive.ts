// A directory tree as one brotli-compressed tar (POSIX ustar: regular files and directories,
// their permission bits, nothing else), written and read with node:zlib alone. It is how the
// PGlite template cluster is kept in the repository (see pglite-template.ts): 39 MB of
// mostly empty pages become about 1.3 MB, and unpacking them needs no initdb.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompress, constants } from 'node:zlib';

const BLOCK = 512;
const FILE = '0';
const DIRECTORY = '5';

interface Entry {
  name: string;
  type: typeof FILE | typeof DIRECTORY;
  mode: number;
  data: Buffer;
}

/** Every entry under `root`, directories before their contents, in name order. */
function entriesUnder(root: string, relative = ''): Entry[] {
  const entries: Entry[] = [];
  for (const name of readdirSync(path.join(root, relative)).sort()) {
    const entryName = relative === '' ? name : `${relative}/${name}`;
    const full = path.join(root, entryName);
    const stat = statSync(full);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      entries.push({ name: `${entryName}/`, type: DIRECTORY, mode, data: Buffer.alloc(0) });
      entries.push(...entriesUnder(root, entryName));
    } else if (stat.isFile()) {
      entries.push({ name: entryName, type: FILE, mode, data: readFileSync(full) });
    } else {
      throw new Error(`${full} is neither a file nor a directory; it cannot be archived.`);
    }
  }
  return entries;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(entry: Entry): Buffer {
  const block = Buffer.alloc(BLOCK);
  if (Buffer.byteLength(entry.name) > 100) {
    throw new Error(`${entry.name} is longer than the 100 bytes a ustar name holds.`);
  }
  block.write(entry.name, 0);
  block.write(octal(entry.mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(entry.data.length, 12), 124);
  // A fixed time, so that the same tree always makes the same archive.
  block.write(octal(0, 12), 136);
  block.write(entry.type, 156);
  block.write('ustar\x0000', 257);
  block.write(' '.repeat(8), 148);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/**
 * The tree under `directory` as a brotli-compressed tar (quality 11, a 16 MB window: the
 * slowest to write and the smallest, for a file written once and read at first starts).
 */
export function archiveDirectory(directory: string): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entriesUnder(directory)) {
    parts.push(header(entry), entry.data);
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    if (padding > 0) parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  const tar = Buffer.concat(parts);
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

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

/**
 * Writes the tree of an {@link archiveDirectory} archive under `directory` (created if
 * missing). Refuses entries that would land outside it and any entry type but files and
 * directories.
 */
export async function extractArchive(archive: Buffer, directory: string): Promise<void> {
  const tar = await tarOfArchive(archive);
  mkdirSync(directory, { recursive: true });
  const root = path.resolve(directory);
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const prefix = field(block, 345, 155);
    const name = prefix === '' ? field(block, 0, 100) : `${prefix}/${field(block, 0, 100)}`;
    const size = Number.parseInt(field(block, 124, 12).trim() || '0', 8);
    const mode = Number.parseInt(field(block, 100, 8).trim() || '0', 8);
    const type = field(block, 156, 1) || FILE;
    const target = path.resolve(root, name);
    if (!target.startsWith(`${root}${path.sep}`)) {
      throw new Error(`The archive entry ${name} would be written outside ${directory}.`);
    }
    offset += BLOCK;
    if (type === DIRECTORY) {
      mkdirSync(target, { recursive: true, mode });
    } else if (type === FILE) {
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(offset, offset + size), { mode });
    } else {
      throw new Error(`The archive entry ${name} is of tar type ${type}, not a file or directory.`);
    }
    offset += Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error('The archive ends before its end-of-archive blocks: it is cut short.');
}

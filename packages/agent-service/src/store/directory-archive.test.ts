import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveDirectory, extractArchive } from './directory-archive.js';

describe('a directory archive', () => {
  let scratch: string;

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'directory-archive-'));
  });

  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  function tree(root: string): Record<string, string> {
    const found: Record<string, string> = {};
    for (const name of readdirSync(root, { recursive: true }).map(String).sort()) {
      const full = path.join(root, name);
      const stat = statSync(full);
      const mode = (stat.mode & 0o777).toString(8);
      found[name] = stat.isDirectory()
        ? `directory ${mode}`
        : `${mode} ${readFileSync(full).toString('base64')}`;
    }
    return found;
  }

  it('gives back the same tree: files of any size, empty ones, nested and empty directories, modes', async () => {
    const source = path.join(scratch, 'source');
    mkdirSync(path.join(source, 'base', '1'), { recursive: true });
    mkdirSync(path.join(source, 'pg_tblspc'), { recursive: true });
    writeFileSync(path.join(source, 'PG_VERSION'), '18\n', { mode: 0o600 });
    writeFileSync(path.join(source, 'base', '1', 'empty'), '');
    writeFileSync(path.join(source, 'base', '1', 'page'), Buffer.alloc(8192, 7));
    writeFileSync(path.join(source, 'base', '1', 'odd'), 'é'.repeat(300));
    const archive = archiveDirectory(source);
    // What any tar reads: a ustar header for the first entry.
    expect(brotliDecompressSync(archive).subarray(257, 262).toString()).toBe('ustar');
    const target = path.join(scratch, 'target');
    await extractArchive(archive, target);
    expect(tree(target)).toEqual(tree(source));
    expect(Object.keys(tree(target))).toContain('pg_tblspc');
    // The same tree makes the same bytes.
    expect(archiveDirectory(source).equals(archive)).toBe(true);
  });

  it('refuses an entry that would be written outside the directory, and an archive cut short', async () => {
    const source = path.join(scratch, 'escape');
    mkdirSync(source);
    writeFileSync(path.join(source, 'xxxxxxxx'), 'data');
    const tar = brotliDecompressSync(archiveDirectory(source));
    // Renames the entry to ../outside, checksum recomputed.
    tar.write('../outside', 0);
    tar.write(' '.repeat(8), 148);
    let sum = 0;
    for (const byte of tar.subarray(0, 512)) sum += byte;
    tar.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    await expect(
      extractArchive(brotliCompressSync(tar), path.join(scratch, 'escaped')),
    ).rejects.toThrow(/path contains '\.\.'/);
    expect(existsSync(path.join(scratch, 'outside'))).toBe(false);
    const cut = brotliDecompressSync(archiveDirectory(source)).subarray(0, 1024);
    await expect(
      extractArchive(brotliCompressSync(cut), path.join(scratch, 'cut')),
    ).rejects.toThrow(/cut short/);
  });

  it('refuses an entry that is neither a file nor a directory, such as a link', async () => {
    const source = path.join(scratch, 'linked');
    mkdirSync(source);
    writeFileSync(path.join(source, 'file'), 'data');
    symlinkSync('/etc/passwd', path.join(source, 'link'));
    await expect(
      extractArchive(archiveDirectory(source), path.join(scratch, 'unlinked')),
    ).rejects.toThrow(/link is a SymbolicLink, not a file or directory/);
    expect(existsSync(path.join(scratch, 'unlinked', 'link'))).toBe(false);
  });
});

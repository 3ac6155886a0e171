import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { SUPPORTED_FORMATS } from '../ingestion/index.js';
import { UsageError } from './cli-io.js';

/** One thing to ingest, as the command line named it. */
export type IngestTarget =
  | { kind: 'file'; path: string; name: string }
  | { kind: 'web_page'; url: string }
  | { kind: 'web_site'; url: string; sitemap: boolean };

const extensions = SUPPORTED_FORMATS.flatMap((entry) => entry.extensions);

function isSupportedFile(name: string): boolean {
  const lower = name.toLowerCase();
  return extensions.some((extension) => lower.endsWith(extension));
}

async function filesUnder(directory: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full)));
    else if (entry.isFile() && isSupportedFile(entry.name)) found.push(full);
  }
  return found.sort();
}

/**
 * Turns the command line's arguments into targets: an http(s) URL is a `web_page`, or a
 * `web_site` when it names a sitemap (`….xml`) or `crawl` is set; a file is itself; a
 * folder is every file under it with a supported extension (hidden entries skipped).
 */
export async function resolveTargets(
  args: readonly string[],
  cwd: string,
  crawl: boolean,
): Promise<IngestTarget[]> {
  const targets: IngestTarget[] = [];
  for (const arg of args) {
    if (/^https?:\/\//i.test(arg)) {
      const sitemap = /\.xml(\.gz)?$/i.test(new URL(arg).pathname);
      targets.push(
        sitemap || crawl ? { kind: 'web_site', url: arg, sitemap } : { kind: 'web_page', url: arg },
      );
      continue;
    }
    const full = path.resolve(cwd, arg);
    const info = await stat(full).catch((error: Error) => {
      throw new UsageError(`Cannot read ${arg}: ${error.message}`);
    });
    if (info.isDirectory()) {
      const files = await filesUnder(full);
      if (files.length === 0) {
        throw new UsageError(
          `${arg} holds no files of a supported type (${extensions.join(', ')}).`,
        );
      }
      for (const file of files)
        targets.push({ kind: 'file', path: file, name: path.basename(file) });
    } else {
      targets.push({ kind: 'file', path: full, name: path.basename(full) });
    }
  }
  return targets;
}

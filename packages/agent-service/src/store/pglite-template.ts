import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * Where the build keeps the template cluster (`dist/pglite-template`, next to the compiled
 * service; the same folder whether this module runs compiled or from source).
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(
  new URL('../../dist/pglite-template', import.meta.url),
);

const VERSION_FILE = 'pglite-version';

/** The installed PGlite's version: a template made by another one is not used. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/**
 * Writes the template cluster: a data directory that PGlite has just initialised (initdb),
 * and the PGlite version that made it. Run at build time (`npm run build`, and by
 * `npm start` before its first start), because initdb is the most memory a PGlite process
 * ever needs: it runs the initdb program and a second Postgres beside the first, all in
 * WebAssembly, about 700 MB resident for a few seconds, where a service at rest needs a
 * fifth of that. Replaces a template already there.
 *
 * @internal For the build step (`scripts/write-pglite-template.mjs`, which loads it
 * compiled, out of knip's sight) and its test.
 */
export async function writePgliteTemplate(directory = PGLITE_TEMPLATE_DIR): Promise<void> {
  const building = `${directory}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const pglite = await PGlite.create({ dataDir: path.join(building, 'pgdata') });
  await pglite.close();
  writeFileSync(path.join(building, VERSION_FILE), `${pgliteVersion()}\n`);
  rmSync(directory, { recursive: true, force: true });
  renameSync(building, directory);
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

/**
 * Fills the new data directory `pgdata` from the template (see {@link writePgliteTemplate})
 * instead of letting PGlite run initdb in this process. Returns false, leaving `pgdata` to
 * PGlite, when it is not empty (a cluster already), or there is no template made by the
 * installed PGlite. The copy is made beside `pgdata` and renamed into place, so that a copy
 * cut short is never taken for a cluster.
 */
export function copyPgliteTemplate(pgdata: string, directory = PGLITE_TEMPLATE_DIR): boolean {
  if (entriesOf(pgdata).length > 0) return false;
  let version: string;
  try {
    version = readFileSync(path.join(directory, VERSION_FILE), 'utf8').trim();
  } catch {
    return false;
  }
  if (version !== pgliteVersion()) return false;
  const copying = `${pgdata}.copying-${process.pid}`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(path.join(directory, 'pgdata'), copying, { recursive: true });
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(copying, pgdata);
  return true;
}

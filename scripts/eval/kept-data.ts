/**
 * A development set's ingested data kept for later runs (`npm run eval -- --site … --keep-data=DIR`,
 * replayed with `--data=DIR`): `DIR/<set>/data/` is the service's `DATA_DIR` just after the set
 * was ingested (before any question was asked), and `DIR/<set>/eval-data.json` holds what a
 * replay needs to ask the questions again without ingesting: the organization's API key, the
 * agent and datastore, the ingest's figures and the commit it was ingested at. A kept folder
 * is never written once kept: a replay serves a copy of it (several runs may use it at once),
 * and keeping into a folder that exists is refused.
 *
 * Layout:
 *
 *     DIR/flask/eval-data.json   { format: 1, set, commit, keptAt, apiKey, agentId, … }
 *     DIR/flask/data/pgdata/…    the service's PGlite data directory
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The `format` of the `eval-data.json` this code writes and reads. */
export const KEPT_DATA_FORMAT = 1;

/** What a replay reads of the kept ingest: `eval-data.json`. */
export interface KeptData {
  format: typeof KEPT_DATA_FORMAT;
  /** The set's name (its folder's name): the kept folder is `DIR/<set>`. */
  set: string;
  /** `git rev-parse HEAD` of the code that ingested it (`unknown` outside a git checkout). */
  commit: string;
  /** The checkout had uncommitted changes to tracked files when it ingested. */
  uncommittedChanges: boolean;
  /** When the data was kept (ISO 8601). */
  keptAt: string;
  apiKey: string;
  agentId: string;
  datastoreId: string;
  /** The ingest's figures, as the run that ingested measured them. */
  ingest: IngestFigures;
}

/** What an ingest measured (printed again, marked as kept, by a replay). */
export interface IngestFigures {
  /** Pages the set served (its sitemap's pages) when it was ingested. */
  sitePages: number;
  pagesIngested: number;
  pagesFailed: number;
  /** `serve` spawned → listening. */
  serviceReadySeconds: number;
  /** `ingest` spawned → every datasource settled. */
  ingestSeconds: number;
  /** `serve` spawned → every datasource settled: when the questions could first be asked. */
  settledSeconds: number;
}

/** Kept data that cannot be kept, found or read; the message says what to do. */
export class KeptDataError extends Error {
  override readonly name = 'KeptDataError';
}

const EVAL_DATA_FILE = 'eval-data.json';
/** The service's `DATA_DIR` inside a kept folder. */
const DATA_FOLDER = 'data';
/** PGlite's lock file (`agent-service.lock`): never copied, a copy is opened by its own process. */
const LOCK_FILE = 'agent-service.lock';

/** `DIR/<set>`. */
export function keptFolder(dir: string, set: string): string {
  return path.join(path.resolve(dir), set);
}

/** Throws when `DIR/<set>` exists: kept data is never overwritten. */
export function assertKeepable(dir: string, set: string): void {
  const folder = keptFolder(dir, set);
  if (existsSync(folder)) {
    throw new KeptDataError(
      `${folder} already exists: kept data is never overwritten. Replay it with --data=${path.resolve(dir)}, or remove it (rm -r ${folder}) or name another folder to keep into.`,
    );
  }
}

/**
 * A new folder next to where `DIR/<set>` will be (same file system, so that keeping it is a
 * rename), whose `data/` the ingesting service uses as its `DATA_DIR`. Hidden, and named
 * after the set, so that a run that dies leaves something recognisable.
 */
export async function createKeepStaging(
  dir: string,
  set: string,
): Promise<{ folder: string; dataDir: string }> {
  await mkdir(path.resolve(dir), { recursive: true });
  const folder = await mkdtemp(path.join(path.resolve(dir), `.${set}.ingesting-`));
  return { folder, dataDir: path.join(folder, DATA_FOLDER) };
}

/**
 * Writes `eval-data.json` into the staging folder (its service stopped) and renames it to
 * `DIR/<set>`. When `DIR/<set>` appeared meanwhile (another run kept the same set), throws
 * saying where the data was left: it is not deleted.
 */
export async function keepStaging(
  staging: string,
  dir: string,
  data: Omit<KeptData, 'format' | 'keptAt'>,
): Promise<KeptData> {
  const kept: KeptData = { format: KEPT_DATA_FORMAT, ...data, keptAt: new Date().toISOString() };
  await writeFile(path.join(staging, EVAL_DATA_FILE), `${JSON.stringify(kept, null, 2)}\n`);
  const folder = keptFolder(dir, data.set);
  try {
    await rename(staging, folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new KeptDataError(
        `${folder} appeared while ${data.set} was being ingested (another run?); this run's data is left in ${staging}.`,
      );
    }
    throw error;
  }
  return kept;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Reads `DIR/<set>/eval-data.json`, checking that the service's data is beside it; throws
 * a {@link KeptDataError} naming what is missing or unreadable.
 */
export async function readKeptData(dir: string, set: string): Promise<KeptData> {
  const folder = keptFolder(dir, set);
  const again = `Ingest it again with --keep-data=${path.resolve(dir)} (after removing ${folder}, if it exists).`;
  if (!existsSync(folder)) {
    throw new KeptDataError(`No kept data for ${set}: ${folder} does not exist. ${again}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path.join(folder, EVAL_DATA_FILE), 'utf8'));
  } catch (error) {
    throw new KeptDataError(
      `${folder} is not kept data: ${path.join(folder, EVAL_DATA_FILE)} cannot be read (${(error as Error).message}). ${again}`,
    );
  }
  const data = json as Partial<KeptData> | null;
  if (typeof data !== 'object' || data === null || data.format !== KEPT_DATA_FORMAT) {
    throw new KeptDataError(
      `${path.join(folder, EVAL_DATA_FILE)} is of format ${String((data as { format?: unknown } | null)?.format)}, this code reads format ${KEPT_DATA_FORMAT}. ${again}`,
    );
  }
  const ingest = data.ingest as Partial<IngestFigures> | undefined;
  const valid =
    data.set === set &&
    isText(data.commit) &&
    typeof data.uncommittedChanges === 'boolean' &&
    isText(data.keptAt) &&
    isText(data.apiKey) &&
    isText(data.agentId) &&
    isText(data.datastoreId) &&
    typeof ingest === 'object' &&
    ingest !== null &&
    [
      ingest.sitePages,
      ingest.pagesIngested,
      ingest.pagesFailed,
      ingest.serviceReadySeconds,
      ingest.ingestSeconds,
      ingest.settledSeconds,
    ].every(isCount);
  if (!valid) {
    throw new KeptDataError(
      `${path.join(folder, EVAL_DATA_FILE)} is incomplete or not of set ${set}. ${again}`,
    );
  }
  if (!existsSync(path.join(folder, DATA_FOLDER, 'pgdata'))) {
    throw new KeptDataError(
      `${folder} has no service data (${path.join(folder, DATA_FOLDER, 'pgdata')} is missing). ${again}`,
    );
  }
  return data as KeptData;
}

/**
 * A copy of the kept service data in a new temporary folder, for one run's `serve` to open
 * (and migrate, and write its answers into): the kept folder itself is only read. The
 * caller removes the copy.
 */
export async function copyKeptData(dir: string, set: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), `agent-chat-site-eval-${set}-`));
  try {
    await cp(path.join(keptFolder(dir, set), DATA_FOLDER), copy, {
      recursive: true,
      filter: (source) => path.basename(source) !== LOCK_FILE,
    });
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
  return copy;
}

const run = promisify(execFile);

/**
 * The code's version: `git rev-parse HEAD` in `root`, and whether tracked files have
 * uncommitted changes. `unknown` when `root` is not a git checkout.
 */
export async function codeVersion(
  root: string,
): Promise<{ commit: string; uncommittedChanges: boolean }> {
  try {
    const head = await run('git', ['rev-parse', 'HEAD'], { cwd: root });
    const status = await run('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
    });
    return { commit: head.stdout.trim(), uncommittedChanges: status.stdout.trim() !== '' };
  } catch {
    return { commit: 'unknown', uncommittedChanges: false };
  }
}

/** `1a2b3c4d5e6f` (+ uncommitted changes): a commit as the output names it. */
export function describeCommit(version: { commit: string; uncommittedChanges: boolean }): string {
  return `${version.commit === 'unknown' ? 'unknown' : version.commit.slice(0, 12)}${version.uncommittedChanges ? ' + uncommitted changes' : ''}`;
}

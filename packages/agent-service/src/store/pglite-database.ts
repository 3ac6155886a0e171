import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { AgentServiceError } from '../agent-service-error.js';
import type { Database, Queryable } from './database.js';
import { openPglite } from './open-pglite.js';

const LOCK_FILE = 'agent-service.lock';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files in one directory and must only be opened by one process, so a
 * lock file with the owner's pid guards it. A lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const descriptor = openSync(lockPath, 'wx');
      writeFileSync(descriptor, String(process.pid));
      closeSync(descriptor);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new AgentServiceError(
          ERROR_CODES.internal,
          500,
          `The data directory ${dataDir} is in use by process ${owner} (probably "agent-chat-service serve"). ` +
            'PGlite allows one process per data directory: stop that process first, or use its HTTP API.',
        );
      }
      if (owner === process.pid) {
        throw new AgentServiceError(
          ERROR_CODES.internal,
          500,
          `The data directory ${dataDir} is already open in this process; close the other service first.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new AgentServiceError(ERROR_CODES.internal, 500, `Could not lock ${dataDir}.`);
}

/** Array types whose parameters may be given already encoded (see `encodeTextArray`). */
const BINARY_ARRAY_TYPES = [1007 /* integer[] */, 1009 /* text[] */, 3643 /* tsvector[] */];

/**
 * Query options that send a `Uint8Array` parameter of those types as is (binary format)
 * and any other value through PGlite's own serializer for its type. Given per query
 * (only to queries with such a parameter) because PGlite sets its array serializers when
 * it starts.
 */
function binaryArrays(pglite: PGlite): QueryOptions {
  return {
    serializers: Object.fromEntries(
      BINARY_ARRAY_TYPES.map((type) => [
        type,
        (value: unknown) =>
          (value instanceof Uint8Array
            ? value
            : (pglite.serializers[type] ?? String)(value)) as unknown as string,
      ]),
    ),
  };
}

function wrap(target: Pick<PGlite, 'query' | 'exec'>, options: QueryOptions): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(
        sql,
        params as unknown[],
        params.some((param) => param instanceof Uint8Array) ? options : undefined,
      );
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Options of {@link createPgliteDatabase}. */
export interface PgliteDatabaseOptions {
  /** Directory to persist in (created if missing, locked while open). Default: in memory. */
  dataDir?: string;
  /**
   * Start from a snapshot made with the database's `dump()` instead of an empty cluster
   * (much faster than initialising one; used by tests). Its bytes, when they are already in
   * memory, are read faster than a `Blob` of them.
   */
  snapshot?: Blob | Uint8Array;
  /**
   * PGlite's page cache (Postgres `shared_buffers`), MB: memory the process keeps for good
   * once used. Default `DEFAULT_PGLITE_CACHE_MB`: 16 with `dataDir`, 128 in memory.
   */
  cacheMb?: number;
}

/**
 * Opens an embedded PGlite database: in memory without `dataDir` (tests), persisted in
 * `dataDir/pgdata` otherwise.
 */
export async function createPgliteDatabase(
  options: PgliteDatabaseOptions = {},
): Promise<Database & { dump(): Promise<Blob> }> {
  const unlock = options.dataDir === undefined ? () => {} : lockDataDir(options.dataDir);
  let pglite: PGlite;
  try {
    pglite = await openPglite({
      pgdata: options.dataDir === undefined ? undefined : path.join(options.dataDir, 'pgdata'),
      snapshot: options.snapshot,
      cacheMb: options.cacheMb,
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const queryOptions = binaryArrays(pglite);
  const queryable = wrap(pglite, queryOptions);
  let closed = false;
  return {
    ...queryable,
    transaction(work) {
      return pglite.transaction((transaction) => work(wrap(transaction, queryOptions)));
    },
    async dump() {
      // A statement that writes WAL without a transaction id (gin_clean_pending_list,
      // VACUUM) commits asynchronously: its records may still be in PGlite's WAL buffers,
      // which the dump does not hold, and the copy opens as it was before it. A checkpoint
      // writes them, and every page they changed, to the files first.
      await pglite.exec('CHECKPOINT');
      return pglite.dumpDataDir('none');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

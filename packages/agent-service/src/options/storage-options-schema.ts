import { optionDocs, wholeNumberFromEnv, wholeNumberSchema } from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { Database } from '../store/index.js';

const isDatabase = (value: unknown): value is Database =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Database).query === 'function' &&
  typeof (value as Database).close === 'function';

/** Where the service keeps its data: PGlite in a directory or in memory, or PostgreSQL. */
export const storageOptionFields = {
  /** PGlite data directory (created, locked while open). Default: in memory. The CLI's `DATA_DIR` sets it. */
  dataDir: z.string().min(1, { error: 'must be a directory' }).optional().register(optionDocs, {
    defaultText: 'in memory',
    description:
      'PGlite data directory (created, locked while open; data in `<dataDir>/pgdata`). The CLI sets it from `DATA_DIR`.',
  }),
  /**
   * PGlite's page cache (Postgres `shared_buffers`), MB: memory the process keeps for good.
   * Env `PGLITE_CACHE_MB`. Default 16 with a data directory, 128 (Postgres's own) in memory.
   */
  pgliteCacheMb: wholeNumberSchema(1)
    .max(1024, { error: 'must be at most 1024 (MB)' })
    .optional()
    .register(optionDocs, {
      env: 'PGLITE_CACHE_MB',
      fromEnv: wholeNumberFromEnv,
      defaultText: '16 (128 in memory)',
      description:
        "PGlite's page cache (Postgres `shared_buffers`), MB; the process keeps it for good. 64–128 for datastores of tens of thousands of chunks: queries and bulk ingestion are faster.",
    }),
  /** PostgreSQL connection string: a real server through `pg` instead of PGlite. Env `DATABASE_URL`. */
  databaseUrl: z
    .string()
    .min(1, { error: 'must be a connection string like postgres://user:password@host/db' })
    .optional()
    .register(optionDocs, {
      env: 'DATABASE_URL',
      secret: true,
      defaultText: 'PGlite',
      description:
        'PostgreSQL connection string, e.g. `postgres://user:password@host/db`: the same schema and migrations on a real server (uses `pg`).',
    }),
  /** An already open database (tests, embedding); takes precedence over the two above. */
  database: z
    .custom<Database>(isDatabase, { error: 'must be a Database (query, transaction, close)' })
    .optional()
    .register(optionDocs, {
      description:
        'An already open `Database` (see `createPgliteDatabase`, `createPgDatabase`); used instead of the two above.',
    }),
};

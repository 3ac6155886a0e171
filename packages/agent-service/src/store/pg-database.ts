import { ERROR_CODES } from '@agent-chat/protocol';
import type { Pool, PoolClient } from 'pg';
import { AgentServiceError } from '../agent-service-error.js';
import type { Database, Queryable } from './database.js';

function wrap(target: Pool | PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await target.query(sql);
    },
  };
}

/** Settings every pooled connection runs with (see `createPgDatabase`). */
const SESSION_SETTINGS = 'SET synchronize_seqscans = off';

/** Host, port and database of a connection string, without the credentials. */
function describeServer(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** Connects to a real PostgreSQL server (a pool of connections) at `databaseUrl`. */
export async function createPgDatabase(options: { databaseUrl: string }): Promise<Database> {
  // Loaded only here: a service on PGlite never needs the driver's memory.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    // A search that reads chunks in storage order up to a cap (`searchLexical`) must start
    // at the table's start each time, not where another scan stopped. Set on each connection
    // as it opens (pg-pool awaits this before handing it out, and a failure fails that
    // checkout), not as a connection option: a DATABASE_URL with its own `options=` (a
    // search_path) replaces that one.
    onConnect: async (client) => {
      await client.query(SESSION_SETTINGS);
    },
  });
  // Fail at start-up, with the driver's reason, rather than on the first request.
  try {
    const probe = await pool.connect();
    probe.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new AgentServiceError(
      ERROR_CODES.internal,
      500,
      `Could not connect to PostgreSQL at ${describeServer(options.databaseUrl)}: ${(error as Error).message}. Check DATABASE_URL.`,
      { cause: error },
    );
  }
  let closed = false;
  return {
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

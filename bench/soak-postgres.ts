import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPgDatabase } from '@agent-chat/agent-service';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/** A database of its own for one soak run, on a given server or on one the soak started. */
export interface SoakPostgres {
  /** `postgres://…/soak_…`: a fresh, empty database. */
  url: string;
  /** Where it came from, for the report. */
  origin: string;
  /** Drops the database, and stops the server when the soak started it. */
  close(): Promise<void>;
}

/** The newest PostgreSQL binaries folder (Debian's layout), or undefined. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((left, right) => Number(left) - Number(right));
  const newest = versions.at(-1);
  return newest ? join(root, newest, 'bin') : undefined;
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresUserExists(): boolean {
  try {
    return /^postgres:/m.test(readFileSync('/etc/passwd', 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Why the soak cannot have a PostgreSQL here (no server URL given, and none installed that
 * it could start), or undefined.
 */
export function postgresUnavailable(serverUrl: string | undefined): string | undefined {
  if (serverUrl) return undefined;
  if (!postgresBin()) {
    return 'no SOAK_DATABASE_URL or TEST_DATABASE_URL, and PostgreSQL is not installed to start one (`.ci/run` installs it from Debian: apt-get install postgresql)';
  }
  if (isRoot() && !postgresUserExists()) {
    return 'running as root, a throwaway PostgreSQL must run as the "postgres" user, which does not exist';
  }
  return undefined;
}

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root (initdb refuses root). */
async function asPostgres(bin: string, args: string[]): Promise<void> {
  if (!isRoot()) {
    await run(bin, args);
    return;
  }
  const quoted = [bin, ...args].map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  await run('su', ['postgres', '-s', '/bin/sh', '-c', quoted]);
}

/** Starts a throwaway server on a free loopback port; resolves with its URL and its stop. */
async function startServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const bin = postgresBin();
  if (!bin) throw new Error(postgresUnavailable(undefined));
  const data = await mkdtemp(join(tmpdir(), 'agent-chat-soak-pg-'));
  if (isRoot()) await run('chown', ['postgres', data]);
  const stop = async () => {
    await asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    await rm(data, { recursive: true, force: true });
  };
  try {
    await asPostgres(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
    const port = await freePort();
    await asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(data, 'server.log'),
      '-w',
      '-o',
      `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off`,
      'start',
    ]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    await stop();
    const detail = error as { stderr?: string; message: string };
    throw new Error(`Could not start a throwaway PostgreSQL: ${detail.stderr || detail.message}`);
  }
}

/**
 * A fresh database `soak_<time>` for one run: on the server at `serverUrl` when given
 * (SOAK_DATABASE_URL or TEST_DATABASE_URL), else on a throwaway server started from the
 * installed PostgreSQL (as `.ci/run` does). `close()` drops it (and stops that server).
 */
export async function provideSoakPostgres(serverUrl: string | undefined): Promise<SoakPostgres> {
  const started = serverUrl ? undefined : await startServer();
  const adminUrl = serverUrl ?? started!.url;
  const name = `soak_${Date.now()}_${process.pid}`;
  const admin = await createPgDatabase({ databaseUrl: adminUrl });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.close();
    await started?.stop();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    origin: serverUrl ? `database ${name} on the given server` : `a throwaway PostgreSQL (${name})`,
    async close() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      } finally {
        await admin.close();
        await started?.stop();
      }
    },
  };
}

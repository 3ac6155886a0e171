import path from 'node:path';

/** What the CLI reads from and writes to; `cli.ts` passes the real process's. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal (progress bars instead of plain lines). */
  stdoutIsTty?: boolean;
  /** `serve` runs until this aborts (SIGINT/SIGTERM in the real CLI). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** A mistake in the command line: print the message and usage, exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Where `keys`, `seed-demo` and `serve` keep their data: `DATABASE_URL`, else `DATA_DIR`. */
export function storageOptions(io: CliIo): { dataDir: string } | { databaseUrl: string } {
  if (io.env.DATABASE_URL) return { databaseUrl: io.env.DATABASE_URL };
  return { dataDir: path.resolve(io.cwd, io.env.DATA_DIR || '.data/agent-service') };
}

/** A whole-number environment variable (0 or more), `fallback` when unset or empty. */
export function integerEnv(io: CliIo, name: string, fallback?: number): number | undefined {
  const raw = io.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new UsageError(`${name} must be a whole number of 0 or more (got "${raw}").`);
  }
  return value;
}

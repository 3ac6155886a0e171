import { storageFromEnv } from '../options/index.js';

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

/**
 * Where the commands keep their data: PostgreSQL at `DATABASE_URL`, else PGlite in
 * `DATA_DIR` (see the options' `storageFromEnv`).
 */
export function storageOptions(io: CliIo): { dataDir: string } | { databaseUrl: string } {
  return storageFromEnv(io.env, io.cwd);
}

import type { CliIo } from '../cli/index.js';

/** A {@link CliIo} for a test, with what the command wrote to stdout and stderr. */
export interface CapturedCliIo {
  io: CliIo;
  out(): string;
  err(): string;
}

/**
 * The CLI's io for a test: `settings` (env, cwd, tty, signal…) as given, stdout and stderr
 * kept in memory.
 *
 * @example
 * const run = captureCliIo({ env: { DATA_DIR: 'store' }, cwd });
 * expect(await runCli(['keys', 'list'], run.io)).toBe(0);
 * expect(run.out()).toContain('key');
 */
export function captureCliIo(settings: Omit<CliIo, 'stdout' | 'stderr'>): CapturedCliIo {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: {
      ...settings,
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
    },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

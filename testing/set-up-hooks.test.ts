import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const config = fileURLToPath(new URL('./fixtures/set-up-hooks/vitest.config.ts', import.meta.url));
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const reports = mkdtempSync(join(tmpdir(), 'set-up-hooks-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

/** Runs the slow set-up fixture with the given hooks; resolves to what its `afterAll` wrote. */
function runFixture(hooks: 'vitest' | 'waiting'): Promise<{ code: number; report: string }> {
  const report = join(reports, hooks);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [vitest, 'run', '--config', config],
      {
        env: {
          ...process.env,
          NODE_OPTIONS: '',
          FORCE_COLOR: '0',
          SET_UP_HOOKS: hooks,
          SET_UP_HOOKS_REPORT: report,
        },
      },
      (error) =>
        resolve({ code: error ? Number(error.code) : 0, report: readFileSync(report, 'utf8') }),
    );
  });
}

describe('set-up-hooks', () => {
  it("closes what a timed-out beforeAll opened, where Vitest's afterAll finds nothing", async () => {
    const [vitestHooks, waitingHooks] = await Promise.all([
      runFixture('vitest'),
      runFixture('waiting'),
    ]);
    // Both files fail: the set-up missed its 50 ms timeout either way.
    expect(vitestHooks.code).not.toBe(0);
    expect(waitingHooks.code).not.toBe(0);
    expect(vitestHooks.report).toBe('found no server');
    expect(waitingHooks.report).toBe('closed the server');
  }, 60_000);
});

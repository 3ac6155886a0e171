import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const config = fileURLToPath(new URL('./fixtures/warnings/vitest.config.ts', import.meta.url));
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);

interface Run {
  code: number;
  results: {
    testResults: {
      name: string;
      status: string;
      message: string;
      assertionResults: { title: string; status: string; failureMessages: string[] }[];
    }[];
  };
}

/** Runs vitest on the fixtures matching `filter` in a child process, with a JSON report. */
function runFixtures(filter: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [vitest, 'run', '--config', config, '--reporter=json', filter],
      { env: { ...process.env, NODE_OPTIONS: '', FORCE_COLOR: '0' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const json = stdout.slice(stdout.indexOf('{'));
        try {
          resolve({ code: error ? Number(error.code) : 0, results: JSON.parse(json) });
        } catch {
          reject(new Error(`vitest printed no JSON report:\n${stdout}\n${stderr}`));
        }
      },
    );
  });
}

describe('fail-on-warnings (vitest setup file)', () => {
  it('fails the test that caused a MaxListenersExceededWarning, and only that one', async () => {
    const { code, results } = await runFixtures('listener-leak');
    expect(code).not.toBe(0);
    const [file] = results.testResults;
    const tests = Object.fromEntries(
      file!.assertionResults.map((test) => [test.title, test] as const),
    );
    expect(tests['passes its assertions but leaks listeners']?.status).toBe('failed');
    expect(tests['passes its assertions but leaks listeners']?.failureMessages.join('\n')).toMatch(
      /unexpected Node warning\(s\) during this test:\nMaxListenersExceededWarning/,
    );
    expect(tests['is clean']?.status).toBe('passed');
  }, 60_000);

  it('fails the file when a warning comes while it loads', async () => {
    const { code, results } = await runFixtures('while-loading');
    expect(code).not.toBe(0);
    expect(JSON.stringify(results.testResults)).toMatch(
      /while this file loaded.*DeprecationWarning: emitted while the file loads/,
    );
  }, 60_000);

  it('lets a file without warnings pass', async () => {
    const { code, results } = await runFixtures('clean');
    expect(results.testResults[0]?.status).toBe('passed');
    expect(code).toBe(0);
  }, 60_000);
});

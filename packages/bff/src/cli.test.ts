import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { BFF_ENV_VARIABLES } from './options/index.js';
import { type FaultUpstream, startFaultUpstream } from './testing/fault-upstream.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
/** The repository root, where `tsx` resolves from. */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TOKEN = 'cli-test-agent-token-7f3a9c';
const ADMIN_TOKEN = 'cli-test-admin-token-0123456789';

interface CliRun {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output, as soon as it is printed. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
}

/** Runs the CLI from source (tsx, source export condition) with only the given environment. */
function runCli(args: string[], env: Record<string, string>): CliRun {
  const child = spawn(
    process.execPath,
    ['--conditions=agent-chat-source', '--import', 'tsx', CLI, ...args],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let closed = false;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    notify();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  child.once('close', () => {
    closed = true;
    notify();
  });
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  return {
    child,
    output: () => output,
    exited,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match) {
            waiters.delete(check);
            resolve(match);
          } else if (closed) {
            waiters.delete(check);
            reject(new Error(`The CLI exited without printing ${pattern}:\n${output}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

describe.concurrent('agent-chat-bff CLI', () => {
  let upstream: FaultUpstream;
  beforeAll(async () => {
    upstream = await startFaultUpstream();
  });
  afterAll(async () => {
    await upstream.close();
  });

  it('--help lists every environment variable and exits 0', async () => {
    const run = runCli(['--help'], {});
    expect(await run.exited).toBe(0);
    for (const variable of BFF_ENV_VARIABLES) expect(run.output()).toContain(variable.name);
  });

  it('fails with a clear message without AGENT_API_TOKEN', async () => {
    const run = runCli([], { UPSTREAM_URL: upstream.url });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/AGENT_API_TOKEN is required/);
  });

  it('serves from the environment, never prints the token, and stops on SIGTERM', async () => {
    const run = runCli([], {
      UPSTREAM_URL: upstream.url,
      AGENT_API_TOKEN: TOKEN,
      ADMIN_TOKEN,
      ALLOWED_AGENTS: 'answer',
      ALLOWED_ORIGINS: '*',
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    try {
      const [, url] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      const answer = await fetch(`${url}/api/agents/answer/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer visitor-secret' },
        body: JSON.stringify({ query: 'Hi', streaming: true }),
      });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('data: [DONE]');
      const admin = await fetch(`${url}/api/agents/answer`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      await admin.arrayBuffer();
      expect(admin.status).not.toBe(401);
      expect(upstream.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      const output = run.output();
      expect(output).toMatch(/SIGTERM received, shutting down/);
      expect(output).toContain('"statusCode":200');
      expect(output).not.toContain(TOKEN);
      expect(output).not.toContain(ADMIN_TOKEN);
      expect(output).not.toContain('visitor-secret');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
});

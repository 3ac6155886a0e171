import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What to run: a TypeScript entry of this repository, from source through tsx. */
export interface ProcessSpec {
  /** A name for reports and errors, e.g. "service A". */
  name: string;
  /** Entry file, relative to the repository root, e.g. `packages/bff/src/cli.ts`. */
  entry: string;
  args?: readonly string[];
  /** Environment added to a copy of this process's own (without its database and Redis URLs). */
  env: Record<string, string>;
  /** Base URL it serves once ready, e.g. `http://127.0.0.1:41234` (a fixed port: restarts reuse it). */
  url: string;
  /** Path that answers 200 once it serves, e.g. `/healthz`. */
  readyPath: string;
  /** How long it may take to serve, ms. Default 90 000 (tsx on a busy 2-core machine). */
  readyTimeoutMs?: number;
}

/** A server process the soak runs, kills with SIGKILL and restarts on the same port. */
export interface SupervisedProcess {
  readonly name: string;
  readonly url: string;
  /** The running process's id (changes on restart). */
  pid(): number;
  /** How many times it was restarted. */
  restarts(): number;
  /** The last 32 KB of its stdout and stderr, for a failure's message. */
  output(): string;
  /** `kill -9`, then waits for the exit. */
  kill9(): Promise<void>;
  /** Starts it again on the same port and waits until it serves. */
  restart(): Promise<void>;
  /** SIGTERM (SIGKILL after 5 s), then waits for the exit. */
  stop(): Promise<void>;
}

const keptOutput = 32 * 1024;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `url` until it answers 200, the process exits, or `timeoutMs` passes. */
async function waitUntilServing(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  describe: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${describe()} exited (${child.exitCode ?? child.signalCode}) before serving`,
      );
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${describe()} did not serve within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `spec` (Node with tsx and the workspace packages from source) and resolves once
 * it serves. Rejects with the process's output when it exits first or is late.
 */
export async function startSupervised(spec: ProcessSpec): Promise<SupervisedProcess> {
  let output = '';
  let restarts = 0;
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const launch = (): ChildProcess => {
    const child = spawn(
      process.execPath,
      ['--conditions', 'agent-chat-source', '--import', 'tsx', spec.entry, ...(spec.args ?? [])],
      { cwd: repoRoot, env: { ...inherited, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-keptOutput);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    return child;
  };
  const describe = () => `${spec.name} (${spec.entry})`;
  const ready = async (child: ChildProcess) => {
    try {
      await waitUntilServing(
        `${spec.url}${spec.readyPath}`,
        child,
        spec.readyTimeoutMs ?? 90_000,
        describe,
      );
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`${(error as Error).message}. Its output:\n${output.slice(-4_000)}`);
    }
  };
  let child = launch();
  await ready(child);
  return {
    name: spec.name,
    url: spec.url,
    pid: () => child.pid ?? -1,
    restarts: () => restarts,
    output: () => output,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async restart() {
      restarts += 1;
      child = launch();
      await ready(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

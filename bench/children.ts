import { type ChildProcess, execFile, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ChildMessage, ChildSpec, ChildStats, ParentMessage } from './child-protocol.js';

/** A server running in its own process (see server.ts). */
export interface BenchChild {
  url: string;
  /** What the server reported when ready (e.g. an API key). */
  info: Record<string, string>;
  pid: number;
  /** Memory and connection counters; `gc` collects garbage first (the child runs with --expose-gc). */
  stats(options?: { gc?: boolean }): Promise<ChildStats>;
  /** Runs one of the child's named tasks (see server.ts) on `input` (plain data) and resolves with its result. */
  task(name: string, input?: unknown): Promise<Record<string, number>>;
  /** Fake upstreams only: hold new streams after their first tick, or release them. */
  control(action: 'hold' | 'release'): Promise<void>;
  /** Stops the server and waits for the process to exit. */
  stop(): Promise<void>;
}

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();
let profileDir: string | undefined;
let bffFromSource = false;
let bffBuild: Promise<void> | undefined;

/**
 * Where BFF children load `@agent-chat/bff` and `@agent-chat/protocol` from. By default
 * (`dist`) both are built with `tsc` once per run and loaded as compiled JavaScript, as the
 * `agent-chat-bff` CLI runs in production. `source` loads the TypeScript through tsx, which
 * (esbuild `keepNames`) wraps every function expression in a `__name()` call that defines a
 * property on it: about 0.3 µs and 256 bytes of heap per closure, a cost of the bench
 * harness, not of the BFF.
 */
export function loadBffFrom(from: 'dist' | 'source'): void {
  bffFromSource = from === 'source';
}

/** Builds protocol and BFF (`npm run build`) once per run, before the first BFF child. */
function buildBff(): Promise<void> {
  bffBuild ??= promisify(execFile)(
    'npm',
    ['run', 'build', '-w', '@agent-chat/protocol', '-w', '@agent-chat/bff'],
    { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
  ).then(
    () => undefined,
    (error: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(
        `Building the BFF failed: ${error.stdout ?? ''}${error.stderr ?? ''}`.trim() ||
          error.message,
      );
    },
  );
  return bffBuild;
}

/**
 * Writes a V8 CPU profile of every BFF child into `directory` (open the `.cpuprofile`
 * files in Chrome DevTools or speedscope). Off by default.
 */
export function profileBffInto(directory: string | undefined): void {
  profileDir = directory;
}

function post(child: ChildProcess, message: ParentMessage): void {
  child.send(message);
}

/**
 * Forks a bench server process and resolves once it listens on 127.0.0.1 (port 0).
 * Children inherit stderr, resolve workspace packages from source (`agent-chat-source`)
 * and die with the parent.
 */
export async function startChild(spec: ChildSpec, startTimeoutMs = 30_000): Promise<BenchChild> {
  const compiledBff = spec.kind === 'bff' && !bffFromSource;
  if (compiledBff) await buildBff();
  const child = fork(serverEntry, [], {
    execArgv: [
      // Workspace packages from source, except in a BFF child that runs the compiled BFF.
      ...(compiledBff ? [] : ['--conditions', 'agent-chat-source']),
      '--import',
      'tsx',
      '--expose-gc',
      ...(profileDir && spec.kind === 'bff' ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));
  const { url, info } = await new Promise<{ url: string; info: Record<string, string> }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`The ${spec.kind} server did not start within ${startTimeoutMs} ms.`));
      }, startTimeoutMs);
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') {
          clearTimeout(timer);
          resolve({ url: message.url, info: message.info });
        } else if (message.type === 'failed') {
          clearTimeout(timer);
          reject(new Error(`The ${spec.kind} server failed to start: ${message.message}`));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The ${spec.kind} server exited (code ${code}) before it was ready.`));
      });
      post(child, { type: 'start', spec });
    },
  );

  let nextId = 0;
  const stats = (options: { gc?: boolean } = {}): Promise<ChildStats> => {
    const id = nextId++;
    return new Promise<ChildStats>((resolve, reject) => {
      const onMessage = (message: ChildMessage): void => {
        if (message.type === 'stats' && message.id === id) {
          child.off('message', onMessage);
          resolve(message.stats);
        }
      };
      child.on('message', onMessage);
      if (!child.connected) reject(new Error(`The ${spec.kind} server is gone.`));
      else post(child, { type: 'stats', id, gc: options.gc ?? false });
    });
  };
  const task = (name: string, input?: unknown): Promise<Record<string, number>> => {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage): void => {
        if (message.type !== 'task' || message.id !== id) return;
        child.off('message', onMessage);
        if (message.result) resolve(message.result);
        else reject(new Error(`The ${spec.kind} server's task "${name}" failed: ${message.error}`));
      };
      child.on('message', onMessage);
      if (!child.connected) reject(new Error(`The ${spec.kind} server is gone.`));
      else post(child, { type: 'task', id, name, input });
    });
  };
  return {
    url,
    info,
    pid: child.pid ?? -1,
    stats,
    task,
    async control(action) {
      post(child, { type: action });
      await stats(); // IPC messages are ordered: once stats answer, the action applied.
    },
    async stop() {
      if (child.exitCode === null && child.connected) post(child, { type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Kills every child still running (on errors and signals). */
export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { analyzeChunks, type ChunkAnalysis, type ChunkAnalysisInput } from './analyze-chunks.js';

/** A batch of chunks for the worker; id 0 is its "loaded" message. */
export interface AnalysisRequest {
  id: number;
  input: ChunkAnalysisInput;
}

/** The worker's answer to a request: its analysis, or why it failed. */
export interface AnalysisResponse {
  id: number;
  analysis?: ChunkAnalysis;
  error?: string;
}

interface Pending {
  input: ChunkAnalysisInput;
  resolve: (analysis: ChunkAnalysis) => void;
  reject: (error: Error) => void;
}

/** The worker once loaded, the one started, whether one is loading, whether none can run. */
let worker: Worker | undefined;
let spawned: Worker | undefined;
let starting = false;
let unavailable = false;
/** Resolves once the worker is loaded (true) or cannot run (false). */
let loading: Promise<boolean> = Promise.resolve(false);
let settleLoading: (loaded: boolean) => void = () => {};
const pending = new Map<number, Pending>();
let nextId = 1;

/** The ESM entry of tsx's register API, from its package's own exports map. */
function tsxRegisterUrl(): string {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const entry = manifest.exports['./esm/api']?.import?.default;
  if (entry === undefined) throw new Error('tsx has no ./esm/api export.');
  return pathToFileURL(path.join(path.dirname(manifestPath), entry)).href;
}

/**
 * Starts the worker on the entry next to this module: `chunk-analysis-thread.js` when
 * running compiled, or, when this module is TypeScript source (Vitest, tsx),
 * `chunk-analysis-thread.ts` behind a bootstrap that registers tsx in the worker first (a
 * worker starts without its parent's module hooks, and Node 20 cannot run TypeScript). The
 * worker gets none of the parent's flags (`execArgv: []`; `--expose-gc` is refused there).
 */
function spawn(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./chunk-analysis-thread.js', import.meta.url), { execArgv: [] });
  }
  const entry = new URL('./chunk-analysis-thread.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxRegisterUrl())}).then(({ register }) => {
    register();
    return import(${JSON.stringify(entry)});
  });`;
  return new Worker(bootstrap, { eval: true, execArgv: [] });
}

/** The worker is gone: what it was asked is analysed here instead, and no worker is used again. */
function retire(): void {
  worker = undefined;
  spawned = undefined;
  starting = false;
  unavailable = true;
  settleLoading(false);
  loading = Promise.resolve(false);
  for (const [id, request] of pending) {
    pending.delete(id);
    try {
      request.resolve(analyzeChunks(request.input));
    } catch (error) {
      request.reject(error as Error);
    }
  }
}

function start(): void {
  if (starting || worker || unavailable) return;
  starting = true;
  loading = new Promise((resolve) => {
    settleLoading = resolve;
  });
  let started: Worker;
  try {
    started = spawn();
  } catch {
    retire();
    return;
  }
  spawned = started;
  started.unref();
  started.on('message', (response: AnalysisResponse) => {
    if (response.id === 0) {
      // Loaded after it was stopped: it is being terminated.
      if (unavailable) return;
      worker = started;
      starting = false;
      settleLoading(true);
      return;
    }
    const request = pending.get(response.id);
    if (!request) return;
    pending.delete(response.id);
    if (pending.size === 0) started.unref();
    if (response.analysis) request.resolve(response.analysis);
    else request.reject(new Error(`Chunk analysis failed: ${response.error ?? 'no reason given'}`));
  });
  started.on('error', retire);
  started.on('exit', retire);
}

/**
 * Starts the chunk-analysis worker now (if it is not running), rather than at the first
 * large batch of chunks (see {@link analyzeChunksAside}): what a server does at start-up, so
 * that its first ingestion is not analysed while the worker loads. Resolves once it is
 * loaded (true), or false if it cannot run (chunks are then analysed in this thread).
 */
export function warmChunkAnalysis(): Promise<boolean> {
  start();
  return loading;
}

/**
 * Ends the chunk-analysis worker for good in this process (an embedding application's
 * shutdown, or a test of the fallback): what it was asked and everything after is analysed
 * in the calling thread.
 */
export async function stopChunkAnalysis(): Promise<void> {
  const running = spawned;
  retire();
  if (running) await running.terminate();
}

/**
 * Analyses chunks (see `analyzeChunks`) in a worker thread, so that this thread meanwhile
 * does other work — PGlite storing the previous chunks, on the machine's other core. The
 * first call starts the worker and, like any call before it is loaded, analyses here; so
 * do all calls if it cannot start or dies (what it was asked is then analysed here too).
 * One worker per process, shared by every service in it, never keeping the process alive.
 *
 * @example
 * const analysis = await analyzeChunksAside({ titles, contents, datastores, datastoreCount: 1 });
 */
export function analyzeChunksAside(input: ChunkAnalysisInput): Promise<ChunkAnalysis> {
  const running = worker;
  if (!running) {
    start();
    return Promise.resolve(analyzeChunks(input));
  }
  const id = nextId;
  nextId += 1;
  return new Promise<ChunkAnalysis>((resolve, reject) => {
    pending.set(id, { input, resolve, reject });
    // Referenced while it owes an answer, so that the process waits for it.
    running.ref();
    running.postMessage({ id, input } satisfies AnalysisRequest);
  });
}

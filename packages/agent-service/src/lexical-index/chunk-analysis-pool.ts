/**
 * The chunk-analysis pool: the owner of the worker thread that analyses chunks
 * (`analyzeChunks`, in `chunk-analysis-thread.ts`) while the calling thread stores the
 * previous ones. One object per service, created, warmed and stopped by its ingestion.
 * The thread is a second JavaScript heap (tens of MB), so it lives only while there is
 * work: it ends after `idleMs` without any, and the next batch starts another.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { analyzeChunks, type ChunkAnalysis, type ChunkAnalysisInput } from './analyze-chunks.js';

/** A batch of chunks for the thread; id 0 is its "loaded" message. */
export interface AnalysisRequest {
  id: number;
  input: ChunkAnalysisInput;
}

/** The thread's answer to a request: its analysis, or why it failed. */
export interface AnalysisResponse {
  id: number;
  analysis?: ChunkAnalysis;
  error?: string;
}

/**
 * Analyses chunks in a worker thread (see {@link createChunkAnalysisPool}); whenever the
 * thread is not loaded, in the calling thread instead, with the same results.
 */
export interface ChunkAnalysisPool {
  /**
   * Starts the thread now (if it is not running), rather than at the first {@link analyze}:
   * what a server does at start-up, so that its first ingestion is not analysed while the
   * thread loads. Resolves once it is loaded (true), or false if it cannot run or was
   * stopped meanwhile. Like any, it ends if nothing is asked of it for `idleMs`.
   */
  warm(): Promise<boolean>;
  /**
   * Analyses chunks (see `analyzeChunks`) in the thread, so that the calling thread
   * meanwhile does other work — PGlite storing the previous chunks, on the machine's other
   * core. The first call starts the thread and, like any call before it is loaded, analyses
   * here; so do all calls once it cannot start or has died (what it was asked is then
   * analysed here too).
   */
  analyze(input: ChunkAnalysisInput): Promise<ChunkAnalysis>;
  /**
   * Ends the thread: what it was asked is analysed here, and the pool is as new (a later
   * {@link warm} or {@link analyze} starts another thread, also after one that died).
   */
  stop(): Promise<void>;
}

/** How long a loaded thread that owes nothing lives on, ms, by default (see `idleMs`). */
export const DEFAULT_ANALYSIS_THREAD_IDLE_MS = 30_000;

/** Options of {@link createChunkAnalysisPool}. */
export interface ChunkAnalysisPoolOptions {
  /** Starts a thread. Default {@link spawnChunkAnalysisThread}; tests wrap it to watch threads. */
  spawn?: () => Worker;
  /**
   * How long a loaded thread that owes nothing lives on before it ends (its memory given
   * back), ms; the next `analyze` or `warm` starts another. Long enough for the gaps
   * between an ingestion's batches. Default {@link DEFAULT_ANALYSIS_THREAD_IDLE_MS}.
   */
  idleMs?: number;
}

/** One started thread and what it owes. */
interface Thread {
  worker: Worker;
  loaded: boolean;
  /** Resolves once the thread is loaded (true), or ended or died first (false). */
  loading: Promise<boolean>;
  settle: (loaded: boolean) => void;
  pending: Map<number, Pending>;
}

interface Pending {
  input: ChunkAnalysisInput;
  resolve: (analysis: ChunkAnalysis) => void;
  reject: (error: Error) => void;
}

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
 * Starts a chunk-analysis thread on the entry next to this module:
 * `chunk-analysis-thread.js` when running compiled, or, when this module is TypeScript
 * source (Vitest, tsx), `chunk-analysis-thread.ts` behind a bootstrap that registers tsx in
 * the thread first (a worker starts without its parent's module hooks, and Node 20 cannot
 * run TypeScript). The thread gets none of the parent's flags (`execArgv: []`;
 * `--expose-gc` is refused there).
 */
export function spawnChunkAnalysisThread(): Worker {
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

/** Answers what a thread owed in the calling thread. */
function analyzeHere(pending: Map<number, Pending>): void {
  for (const [id, request] of pending) {
    pending.delete(id);
    try {
      request.resolve(analyzeChunks(request.input));
    } catch (error) {
      request.reject(error as Error);
    }
  }
}

/**
 * Creates a chunk-analysis pool: one worker thread, started on demand (or by `warm`),
 * never keeping the process alive while it owes nothing, and ended once it has owed
 * nothing for `idleMs`. A thread that cannot start or dies is not started again until
 * `stop()`: chunks are analysed in the calling thread.
 *
 * @example
 * const pool = createChunkAnalysisPool();
 * const analysis = await pool.analyze({ titles, contents, datastores, datastoreCount: 1 });
 * await pool.stop();
 */
export function createChunkAnalysisPool(options: ChunkAnalysisPoolOptions = {}): ChunkAnalysisPool {
  const spawn = options.spawn ?? spawnChunkAnalysisThread;
  const idleMs = options.idleMs ?? DEFAULT_ANALYSIS_THREAD_IDLE_MS;
  let current: Thread | undefined;
  let unavailable = false;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const keepAlive = () => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
  };

  /** Ends `thread` after `idleMs` unless it is asked something meanwhile. */
  const endWhenIdle = (thread: Thread) => {
    keepAlive();
    idleTimer = setTimeout(() => {
      idleTimer = undefined;
      if (current !== thread || thread.pending.size > 0) return;
      current = undefined;
      void thread.worker.terminate();
    }, idleMs);
    idleTimer.unref();
  };

  /** The thread is gone: what it was asked is analysed here. */
  const retire = (thread: Thread, died: boolean) => {
    if (current === thread) {
      current = undefined;
      unavailable = died;
    }
    thread.settle(false);
    analyzeHere(thread.pending);
  };

  const start = (): Thread | undefined => {
    if (current || unavailable) return current;
    let worker: Worker;
    try {
      worker = spawn();
    } catch {
      unavailable = true;
      return undefined;
    }
    let settle: (loaded: boolean) => void = () => {};
    const loading = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const thread: Thread = { worker, loaded: false, loading, settle, pending: new Map() };
    current = thread;
    worker.unref();
    worker.on('message', (response: AnalysisResponse) => {
      if (response.id === 0) {
        // Loaded after it was stopped: it is being terminated.
        if (current !== thread) return;
        thread.loaded = true;
        settle(true);
        if (thread.pending.size === 0) endWhenIdle(thread);
        return;
      }
      const request = thread.pending.get(response.id);
      if (!request) return;
      thread.pending.delete(response.id);
      if (thread.pending.size === 0) {
        worker.unref();
        if (current === thread) endWhenIdle(thread);
      }
      if (response.analysis) request.resolve(response.analysis);
      else
        request.reject(new Error(`Chunk analysis failed: ${response.error ?? 'no reason given'}`));
    });
    worker.on('error', () => retire(thread, true));
    worker.on('exit', () => retire(thread, true));
    return thread;
  };

  return {
    warm: () => start()?.loading ?? Promise.resolve(false),
    analyze(input) {
      const thread = current;
      if (!thread?.loaded) {
        start();
        return Promise.resolve(analyzeChunks(input));
      }
      const id = nextId;
      nextId += 1;
      keepAlive();
      return new Promise<ChunkAnalysis>((resolve, reject) => {
        thread.pending.set(id, { input, resolve, reject });
        // Referenced while it owes an answer, so that the process waits for it.
        thread.worker.ref();
        thread.worker.postMessage({ id, input } satisfies AnalysisRequest);
      });
    },
    async stop() {
      keepAlive();
      const thread = current;
      current = undefined;
      unavailable = false;
      if (!thread) return;
      retire(thread, false);
      await thread.worker.terminate();
    },
  };
}

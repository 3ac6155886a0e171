/**
 * The memory benchmark (issue 32): resident memory of `npm start` summed over its process
 * group — idle after seeding, after 200 chat queries, under 16 chat users, and its start-up
 * peak — and of the agent service alone, run from dist as `agent-chat-service serve`.
 * Each run starts from an empty data directory, so start-up includes seeding the demo.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { type ChatTarget, runChatUsers } from './chat-users.js';
import { count, mb } from './format.js';
import { percentile } from './percentiles.js';
import { type RssSampler, sampleProcessGroupRss } from './process-group-rss.js';
import type { SectionResult } from './report.js';

/** Options of {@link benchMemory}. */
export interface MemoryBenchOptions {
  /** Concurrent chat users of the load phase. */
  users: number;
  /** Queries asked (by `users` users) before the "after queries" figure. */
  queries: number;
  /** Length of the load phase, ms. */
  loadMs: number;
  /** How long a process is left alone before an idle figure, ms. */
  settleMs: number;
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serviceCli = join(repoRoot, 'packages/agent-service/bin/agent-chat-service.js');
/**
 * The settings the README gives for a small machine (what `npm start` runs with): young
 * generation at 2 MB semi-spaces, one V8 worker thread (each keeps a malloc arena), an old
 * generation sized for the machine (V8 lets garbage grow up to four times the live heap
 * when it may use 4 GB) and a fixed malloc mmap threshold, so the compilers' scratch
 * memory goes back to the system instead of staying in a thread's arena.
 */
const SMALL_MACHINE = {
  NODE_OPTIONS: '--max-semi-space-size=2 --v8-pool-size=1 --max-old-space-size=512',
  MALLOC_MMAP_THRESHOLD_: '32768',
};
/** Rate limits out of the way: the load comes from one address and few visitors. */
const unlimited = { RATE_LIMIT_PER_IP: '1000000', RATE_LIMIT_PER_VISITOR: '1000000' };

/** A process group under measurement. */
interface Group {
  child: ChildProcess;
  sampler: RssSampler;
  /** Output so far (stdout and stderr), for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `command` as the leader of a new process group, sampling the group's memory from
 * the first moment, and resolves once its output matches `ready` (with the match).
 */
async function startGroup(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs: number,
): Promise<{ group: Group; match: RegExpExecArray }> {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pgid = child.pid ?? -1;
  const sampler = sampleProcessGroupRss(pgid);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const group: Group = {
    child,
    sampler,
    output: () => output,
    async stop() {
      await sampler.stop();
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-pgid, 'SIGTERM');
        } catch {
          // Already gone.
        }
        const timer = setTimeout(() => {
          try {
            process.kill(-pgid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }, 10_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${command} ${args.join(' ')} not ready in ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onData = (data: Buffer) => {
      output = (output + data.toString()).slice(-20_000);
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(' ')} exited (${code}): ${output.slice(-2_000)}`));
    });
  }).catch(async (error: unknown) => {
    await group.stop();
    throw error;
  });
  return { group, match };
}

/** The median of unsorted samples. */
const median = (samples: readonly number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The median of the group's samples over the next `ms`. */
async function settledRss(group: Group, ms: number): Promise<number> {
  await sleep(ms);
  group.sampler.mark();
  await sleep(Math.min(ms, 2_000));
  return median(group.sampler.sinceMark());
}

/** Runs a command to completion (a build, the demo's seeding). */
async function run(command: string, args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** `npm start` from an empty data directory: every figure summed over its process group. */
async function measureNpmStart(options: MemoryBenchOptions, dataDir: string) {
  // What `npm start` would build on a fresh clone is built first, not measured.
  await run('node', ['scripts/ensure-built.mjs']);
  const started = Date.now();
  const { group, match } = await startGroup(
    'npm',
    ['start'],
    { DATA_DIR: dataDir, PORT: '0', AGENT_SERVICE_PORT: '0', ...unlimited },
    /open (http:\/\/\S+?)\/\s/,
    180_000,
  );
  try {
    const startMs = Date.now() - started;
    const target: ChatTarget = { url: match[1] as string, agentId: 'demo' };
    const idle = await settledRss(group, options.settleMs);
    const startPeak = group.sampler.peak();
    const asked = await runChatUsers(target, { users: options.users, queries: options.queries });
    const afterQueries = await settledRss(group, options.settleMs);
    group.sampler.mark();
    const load = await runChatUsers(target, { users: options.users, durationMs: options.loadMs });
    const underLoad = group.sampler.sinceMark();
    const peak = group.sampler.peak();
    return { startMs, idle, startPeak, afterQueries, asked, load, underLoad, peak };
  } finally {
    await group.stop();
  }
}

/**
 * The agent service alone, from dist, with the demo data, as the README's Deploy section
 * runs it on a small machine (`NODE_OPTIONS`): idle and after queries.
 */
async function measureService(options: MemoryBenchOptions, dataDir: string) {
  await run('npm', [
    'run',
    'build',
    '-w',
    '@agent-chat/protocol',
    '-w',
    '@agent-chat/agent-service',
  ]);
  const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...SMALL_MACHINE };
  const seeded = await run('node', [serviceCli, 'seed-demo'], env);
  const apiKey = /apiKey=(\S+)/.exec(seeded.stdout)?.[1];
  if (!apiKey) throw new Error(`seed-demo printed no key: ${seeded.stdout}`);
  const { group, match } = await startGroup(
    'node',
    [serviceCli, 'serve'],
    env,
    /listening on (http:\/\/\S+)/,
    60_000,
  );
  try {
    const target: ChatTarget = {
      url: match[1] as string,
      agentId: 'demo',
      headers: { authorization: `Bearer ${apiKey}` },
    };
    const idle = await settledRss(group, options.settleMs);
    const asked = await runChatUsers(target, { users: options.users, queries: options.queries });
    const afterQueries = await settledRss(group, options.settleMs);
    return { idle, afterQueries, asked, peak: group.sampler.peak() };
  } finally {
    await group.stop();
  }
}

/** Runs the memory benchmark (Linux: it reads /proc). */
export async function benchMemory(options: MemoryBenchOptions): Promise<SectionResult> {
  const scratch = await mkdtemp(join(tmpdir(), 'agent-chat-memory-'));
  try {
    const start = await measureNpmStart(options, join(scratch, 'demo'));
    const service = await measureService(options, join(scratch, 'service'));
    const loadMedian = median(start.underLoad);
    const loadMax = Math.max(...start.underLoad);
    const errors = start.asked.errors + start.load.errors + service.asked.errors;
    const checks: BudgetCheck[] = [
      atMost('npm start RSS, idle after seeding', start.idle, BUDGETS.startRssBytes, mb),
      atMost('npm start RSS, after queries', start.afterQueries, BUDGETS.startRssBytes, mb),
      atMost('npm start RSS, under load (max)', loadMax, BUDGETS.startRssBytes, mb),
      atMost('npm start RSS, start-up peak', start.startPeak, BUDGETS.startPeakRssBytes, mb),
      atMost('agent service RSS, idle', service.idle, BUDGETS.serviceIdleRssBytes, mb),
      atMost('chat errors during the memory bench', errors, 0, count),
    ];
    const [idleCheck, afterCheck, loadCheck, peakCheck, serviceCheck, errorCheck] = checks;
    return {
      title: 'Memory',
      figures: [
        {
          figure: 'npm start RSS, start-up peak (seeding)',
          value: mb(start.startPeak),
          ...(peakCheck ? { check: peakCheck } : {}),
        },
        {
          figure: 'npm start RSS, idle after seeding',
          value: mb(start.idle),
          ...(idleCheck ? { check: idleCheck } : {}),
        },
        {
          figure: `npm start RSS, after ${options.queries} queries`,
          value: mb(start.afterQueries),
          ...(afterCheck ? { check: afterCheck } : {}),
        },
        { figure: `npm start RSS, ${options.users} users, median`, value: mb(loadMedian) },
        {
          figure: `npm start RSS, ${options.users} users, max`,
          value: mb(loadMax),
          ...(loadCheck ? { check: loadCheck } : {}),
        },
        {
          figure: 'agent service RSS, idle (serve, demo data)',
          value: mb(service.idle),
          ...(serviceCheck ? { check: serviceCheck } : {}),
        },
        {
          figure: `agent service RSS, after ${options.queries} queries`,
          value: mb(service.afterQueries),
        },
        {
          figure: 'chat errors (memory bench)',
          value: count(errors),
          ...(errorCheck ? { check: errorCheck } : {}),
        },
      ],
      checks,
      notes: [
        `RSS summed over each process group (/proc); the agent service alone runs with NODE_OPTIONS="${SMALL_MACHINE.NODE_OPTIONS}" MALLOC_MMAP_THRESHOLD_=${SMALL_MACHINE.MALLOC_MMAP_THRESHOLD_}; npm start from an empty DATA_DIR, ready in ${(start.startMs / 1000).toFixed(1)} s; ${options.users} users for ${options.loadMs / 1000} s asked ${count(start.load.queries)} questions (JSON and streams alternately).`,
        ...[start.asked, start.load, service.asked]
          .map((result) => result.firstError)
          .filter((error): error is string => error !== undefined)
          .slice(0, 1)
          .map((error) => `first chat error: ${error}`),
      ],
      data: {
        npmStart: {
          startMs: start.startMs,
          startPeakBytes: start.startPeak,
          idleBytes: start.idle,
          afterQueriesBytes: start.afterQueries,
          loadMedianBytes: loadMedian,
          loadMaxBytes: loadMax,
          peakBytes: start.peak,
          loadQueries: start.load.queries,
        },
        service: {
          idleBytes: service.idle,
          afterQueriesBytes: service.afterQueries,
          peakBytes: service.peak,
        },
        errors,
      },
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * `npm run bench`: runs the benchmarks of issue 7 on loopback, prints a table, writes
 * docs/benchmarks.json and exits non-zero naming every missed budget.
 *
 * Flags (each also an env variable):
 *   --only=relay,concurrency,widget,agent-service,type-ahead,real-site,ingestion,memory,gap-topics   BENCH_ONLY   sections to run (default all)
 *   --streams=5000                                  BENCH_STREAMS   concurrent streams
 *   --duration-ms=2000                              BENCH_DURATION_MS  measured time per relay target and round
 *   --rounds=5                                      BENCH_ROUNDS
 *   --chunks=50000                                  BENCH_CHUNKS    chunks in the agent-service datastore
 *   --type-ahead-questions=200                      BENCH_TYPE_AHEAD_QUESTIONS  type-ahead: questions typed, every prefix of each
 *   --doc-site=<dir>                                BENCH_DOC_SITE  real-site: this folder of HTML pages instead of the Debian manuals
 *   --log-requests=true                             BENCH_LOG_REQUESTS  BFF request logs (pino → /dev/null)
 *   --build-widget=true                             BENCH_BUILD_WIDGET  rebuild the widget (default: only when dist/ lacks it)
 *                                                   BENCH_CHROMIUM  Chromium executable (default /usr/bin/chromium)
 *   --out=docs/benchmarks.json                      BENCH_OUT
 *   --profile-bff=<dir>                             BENCH_PROFILE_BFF  write CPU profiles of the BFF processes there
 *   --bff-from=dist                                 BENCH_BFF_FROM  run the BFF compiled (dist, default: built first) or from source (tsx)
 *   --quick                                         BENCH_QUICK=1   small counts, for trying the bench out
 *   --strict                                        BENCH_STRICT=1  fail a missed budget even on a busy machine
 *
 * Every budget is checked on a ratio to a reference measured in the same run, or on the
 * median of repeated runs; the table prints the spread. When the machine is busy before
 * the run (1-minute load above the core count), a missed budget is a warning, not a failure.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { benchAgentService } from './agent-service-bench.js';
import { killChildren, loadBffFrom, profileBffInto } from './children.js';
import { benchConcurrency } from './concurrency.js';
import { benchGapTopics } from './gap-topics-bench.js';
import { benchIngestion } from './ingestion-bench.js';
import { benchMemory } from './memory-bench.js';
import { benchRealSite } from './real-site-bench.js';
import { benchRelayOverhead } from './relay-overhead.js';
import { renderTable, type SectionResult, skippedSection, writeJsonReport } from './report.js';
import { benchTypeAhead } from './type-ahead-bench.js';
import { benchVerdict, busyWarning } from './verdict.js';
import { benchWidget } from './widget-bench.js';

const sectionNames = [
  'relay',
  'concurrency',
  'widget',
  'agent-service',
  'type-ahead',
  'real-site',
  'ingestion',
  'memory',
  'gap-topics',
] as const;
type SectionName = (typeof sectionNames)[number];

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    streams: { type: 'string' },
    'duration-ms': { type: 'string' },
    rounds: { type: 'string' },
    chunks: { type: 'string' },
    'type-ahead-questions': { type: 'string' },
    'doc-site': { type: 'string' },
    'log-requests': { type: 'string' },
    'build-widget': { type: 'string' },
    'bff-from': { type: 'string' },
    out: { type: 'string' },
    'profile-bff': { type: 'string' },
    quick: { type: 'boolean' },
    strict: { type: 'boolean' },
  },
});

const quick = values.quick === true || process.env.BENCH_QUICK === '1';
const strict = values.strict === true || process.env.BENCH_STRICT === '1';

function setting(flag: string | undefined, env: string, fallback: string): string {
  return flag ?? process.env[env] ?? fallback;
}

function integer(flag: string | undefined, env: string, fallback: number): number {
  const text = setting(flag, env, String(fallback));
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${env} (or its flag) must be a positive integer, got "${text}".`);
  }
  return value;
}

const config = {
  only: setting(values.only, 'BENCH_ONLY', sectionNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
  streams: integer(values.streams, 'BENCH_STREAMS', quick ? 300 : 5_000),
  durationMs: integer(values['duration-ms'], 'BENCH_DURATION_MS', quick ? 1_000 : 2_000),
  rounds: integer(values.rounds, 'BENCH_ROUNDS', quick ? 3 : 5),
  chunks: integer(values.chunks, 'BENCH_CHUNKS', quick ? 1_000 : 50_000),
  typeAheadQuestions: integer(
    values['type-ahead-questions'],
    'BENCH_TYPE_AHEAD_QUESTIONS',
    quick ? 20 : 200,
  ),
  docSite: values['doc-site'] ?? process.env.BENCH_DOC_SITE,
  logRequests: setting(values['log-requests'], 'BENCH_LOG_REQUESTS', 'true') !== 'false',
  out: setting(values.out, 'BENCH_OUT', 'docs/benchmarks.json'),
  profileBff: values['profile-bff'] ?? process.env.BENCH_PROFILE_BFF,
  bffFrom: setting(values['bff-from'], 'BENCH_BFF_FROM', 'dist'),
};
profileBffInto(config.profileBff);
if (config.bffFrom !== 'dist' && config.bffFrom !== 'source') {
  throw new Error(`--bff-from must be "dist" or "source", not "${config.bffFrom}".`);
}
loadBffFrom(config.bffFrom);

for (const name of config.only) {
  if (!(sectionNames as readonly string[]).includes(name)) {
    throw new Error(`Unknown section "${name}"; choose from ${sectionNames.join(', ')}.`);
  }
}

async function openFileLimit(): Promise<number> {
  const limits = await readFile('/proc/self/limits', 'utf8').catch(() => '');
  const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
  if (!match?.[1]) return Number.NaN;
  return match[1] === 'unlimited' ? Number.POSITIVE_INFINITY : Number(match[1]);
}

async function run(name: SectionName, fileLimit: number): Promise<SectionResult> {
  switch (name) {
    case 'relay':
      return benchRelayOverhead({
        jsonConnections: 32,
        streamConcurrency: 32,
        durationMs: config.durationMs,
        warmupMs: quick ? 500 : 1_000,
        rounds: config.rounds,
        fragments: 20,
        ttfeSamples: quick ? 100 : 400,
        logRequests: config.logRequests,
      });
    case 'concurrency': {
      // The BFF holds two sockets per stream (client and upstream); each process needs headroom.
      const needed = config.streams * 2 + 512;
      if (fileLimit < needed) {
        return skippedSection(
          'Concurrency',
          `${config.streams} streams need ${needed} open files per process but the limit is ${fileLimit}; raise it with \`ulimit -n ${needed}\` (or lower BENCH_STREAMS)`,
        );
      }
      return benchConcurrency({
        streams: config.streams,
        rampConcurrency: 100,
        tickMs: 200,
        fragments: 10,
        drainTimeoutMs: 15_000,
        logRequests: config.logRequests,
      });
    }
    case 'widget':
      return benchWidget({
        fragments: 5_000,
        fragmentsPerTick: 10,
        tickMs: 8,
        chromiumPath: setting(undefined, 'BENCH_CHROMIUM', '/usr/bin/chromium'),
        rebuild: setting(values['build-widget'], 'BENCH_BUILD_WIDGET', 'false') === 'true',
        minRuns: 3,
        maxRuns: quick ? 3 : 7,
      });
    case 'agent-service':
      return benchAgentService({
        chunks: config.chunks,
        documentsPerUpsert: 100,
        queries: quick ? 100 : 300,
      });
    case 'type-ahead':
      return benchTypeAhead({
        chunks: config.chunks,
        questions: config.typeAheadQuestions,
        documentsPerUpsert: 100,
      });
    case 'real-site':
      return benchRealSite({
        ...(config.docSite === undefined
          ? {}
          : { manuals: [{ name: 'BENCH_DOC_SITE', directory: config.docSite, prefix: 'docs' }] }),
        questions: quick ? 100 : 300,
        warmup: 20,
      });
    case 'ingestion':
      return benchIngestion({ chunks: quick ? 1_000 : 3_000, pages: quick ? 50 : 300 });
    case 'memory':
      return benchMemory({
        users: 16,
        queries: 200,
        loadMs: quick ? 20_000 : 120_000,
        settleMs: quick ? 3_000 : 10_000,
      });
    case 'gap-topics':
      return benchGapTopics({ questions: 10_000, runs: quick ? 3 : 5 });
  }
}

async function main(): Promise<number> {
  const fileLimit = await openFileLimit();
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    openFileLimit: fileLimit,
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
  };
  console.log(
    `agent-chat bench · ${machine.date} · ${machine.cpus} CPUs (${machine.cpuModel}) · Node ${machine.node} · open files ${fileLimit} · load ${machine.loadAverage1m}`,
  );
  const load = { loadAverage1m: machine.loadAverage1m, cores: machine.cpus };
  const warning = busyWarning(load);
  if (warning) console.warn(warning);
  const sections: SectionResult[] = [];
  const data: Record<string, unknown> = {};
  for (const name of sectionNames) {
    if (!config.only.includes(name)) continue;
    const started = Date.now();
    console.log(`\n→ ${name} …`);
    try {
      sections.push(await run(name, fileLimit));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sections.push({
        ...skippedSection(name, `failed: ${message}`),
        checks: [{ name: `${name} benchmark ran`, limit: 'runs', actual: message, pass: false }],
      });
    }
    data[name] = { title: sections.at(-1)?.title, ...sections.at(-1)?.data };
    console.log(`  ${name} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(renderTable(sections));
  const checks = sections.flatMap((section) => section.checks);
  const verdict = benchVerdict(checks, load, { strict });
  await writeJsonReport(config.out, {
    machine: { ...machine, busy: warning !== undefined },
    config: { ...config, quick, strict },
    sections: data,
    budgets: checks,
    pass: checks.every((check) => check.pass),
    exitCode: verdict.exitCode,
  });
  console.log(`\nresults written to ${config.out}`);
  (verdict.toStderr ? console.error : console.log)(`\n${verdict.lines.join('\n')}`);
  return verdict.exitCode;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    killChildren();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);

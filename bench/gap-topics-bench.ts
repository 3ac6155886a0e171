/**
 * The content-gap grouping benchmark (issue 53): `groupGaps` over 10,000 gap questions
 * (`gapQuestions`: the labelled set's, repeated by popularity with small changes, and a
 * fifth one of a kind), each run in a fresh process so the memory it adds is its own.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { atMost, BUDGETS } from './budgets.js';
import { count, mb, ms } from './format.js';
import { formatSpread, measure } from './measurement.js';
import type { SectionResult } from './report.js';

/** Options of {@link benchGapTopics}. */
export interface GapTopicsBenchOptions {
  /** Gap questions grouped per run. */
  questions: number;
  /** Runs, each in its own process. */
  runs: number;
}

interface ChildResult {
  ms: number;
  cpuMs: number;
  extraBytes: number;
  topics: number;
}

const child = fileURLToPath(new URL('./gap-topics-child.ts', import.meta.url));

/** Runs the grouping `runs` times and checks the median time and memory against the budgets. */
export async function benchGapTopics(options: GapTopicsBenchOptions): Promise<SectionResult> {
  const results: ChildResult[] = [];
  for (let run = 0; run < options.runs; run++) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--expose-gc',
        '--conditions',
        'agent-chat-source',
        '--import',
        'tsx',
        child,
        String(options.questions),
      ],
      { maxBuffer: 1024 * 1024 },
    );
    results.push(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as ChildResult);
  }
  const time = measure(results.map((result) => result.ms));
  const cpu = measure(results.map((result) => result.cpuMs));
  const memory = measure(results.map((result) => result.extraBytes));
  const timeCheck = atMost(
    `group ${count(options.questions)} gap questions`,
    time,
    BUDGETS.gapTopicsMs,
    ms,
  );
  const memoryCheck = atMost(
    `memory added grouping ${count(options.questions)} gap questions`,
    memory,
    BUDGETS.gapTopicsExtraBytes,
    mb,
  );
  return {
    title: 'Content-gap topics',
    figures: [
      { figure: timeCheck.name, value: ms(time.median), check: timeCheck },
      { figure: 'its CPU time', value: `${ms(cpu.median)} (${formatSpread(cpu, ms)})` },
      { figure: memoryCheck.name, value: mb(memory.median), check: memoryCheck },
      { figure: 'topics found', value: count(results[0]?.topics ?? 0) },
    ],
    checks: [timeCheck, memoryCheck],
    notes: [
      `${options.runs} runs, each in a fresh process after a warm-up on 500 other questions; memory: resident set or heap growth, whichever is more`,
    ],
    data: { runs: results },
  };
}

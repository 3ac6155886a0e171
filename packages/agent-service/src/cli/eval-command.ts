import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type CliIo, UsageError } from './cli-io.js';
import { readEvalQuestions } from './eval-questions.js';
import { formatEvalReport } from './eval-report.js';
import { type EvalReport, runEval } from './eval-run.js';
import type { EvalSummary, Tally } from './eval-summary.js';
import { serviceClientOf } from './service-client.js';

/** The thresholds `--min-*` / `--max-refused` check, by option name. */
const thresholds = {
  'min-source1': { label: 'source@1', tally: (summary: EvalSummary) => summary.source1 },
  'min-source3': { label: 'source@3', tally: (summary: EvalSummary) => summary.source3 },
  'min-section3': { label: 'section@3', tally: (summary: EvalSummary) => summary.section3 },
  'min-phrase': { label: 'phrase', tally: (summary: EvalSummary) => summary.phrase },
  'min-declined': {
    label: 'unanswerable declined',
    tally: (summary: EvalSummary) => summary.declined,
  },
  'max-refused': { label: 'answerable refused', tally: (summary: EvalSummary) => summary.refused },
} as const;

type ThresholdName = keyof typeof thresholds;

/** `72` (questions) or `90%` (of the questions the measure applies to) → a count for `total`. */
function thresholdCount(name: string, raw: string, total: number): number {
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(raw.trim());
  if (!match) throw new UsageError(`--${name} takes a count or a percentage (got "${raw}").`);
  const value = Number(match[1]);
  return match[2] === '%' ? (value / 100) * total : value;
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new UsageError(`--${name} must be a whole number of 1 or more (got "${raw}").`);
  }
  return value;
}

/** The thresholds a run missed, one sentence each. */
function missedThresholds(
  report: EvalReport,
  values: Partial<Record<ThresholdName, string>>,
): string[] {
  const missed: string[] = [];
  for (const [name, threshold] of Object.entries(thresholds) as [
    ThresholdName,
    (typeof thresholds)[ThresholdName],
  ][]) {
    const raw = values[name];
    if (raw === undefined) continue;
    const tally: Tally = threshold.tally(report.summary);
    const limit = thresholdCount(name, raw, tally.total);
    const ok = name === 'max-refused' ? tally.hits <= limit : tally.hits >= limit;
    if (!ok) {
      missed.push(
        `${threshold.label} ${tally.hits}/${tally.total} is ${name === 'max-refused' ? 'above' : 'below'} --${name} ${raw}`,
      );
    }
  }
  return missed;
}

/**
 * `eval --agent <id> <questions.json>`: asks a running service's agent every question of a
 * set ({@link runEval}) and prints the report ({@link formatEvalReport}); `--json <file>`
 * writes every question's answer, sources, score and diagnosis. Exit code 0 when the run
 * completed, 1 when a `--min-*` / `--max-refused` threshold was missed or the service
 * failed, 2 on wrong usage.
 */
export async function evalCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      agent: { type: 'string' },
      url: { type: 'string' },
      key: { type: 'string' },
      json: { type: 'string' },
      concurrency: { type: 'string' },
      'top-k': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      ...(Object.fromEntries(
        Object.keys(thresholds).map((name) => [name, { type: 'string' }]),
      ) as Record<ThresholdName, { type: 'string' }>),
    },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!values.agent) throw new UsageError('Name the agent with --agent <id>.');
  if (file === undefined || extra.length > 0) {
    throw new UsageError('Give one questions file (JSON).');
  }
  for (const name of Object.keys(thresholds) as ThresholdName[]) {
    const raw = values[name];
    if (raw !== undefined) thresholdCount(name, raw, 0);
  }
  const concurrency = positive('concurrency', values.concurrency, 4);
  const retrievalTopK = positive('top-k', values['top-k'], 10);
  const questions = await readEvalQuestions(path.resolve(io.cwd, file));
  const client = serviceClientOf(values, io);
  const tty = io.stdoutIsTty === true;
  const report = await runEval({
    client,
    agentId: values.agent,
    questions,
    concurrency,
    retrievalTopK,
    ...(tty
      ? {
          onAnswered: (_result: unknown, done: number, total: number) =>
            io.stdout(`\r\u001b[2Kasked ${done}/${total}`),
        }
      : {}),
  });
  if (tty) io.stdout('\r\u001b[2K');
  io.stdout(formatEvalReport(report, { misses: !values.quiet }));
  if (values.json !== undefined) {
    const target = path.resolve(io.cwd, values.json);
    await writeFile(target, `${JSON.stringify(report, null, 2)}\n`);
    io.stdout(`Full report: ${target}\n`);
  }
  const missed = missedThresholds(report, values);
  for (const line of missed) io.stderr(`threshold missed: ${line}\n`);
  return missed.length > 0 ? 1 : 0;
}

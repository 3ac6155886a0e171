import { type BudgetCheck, missedBudgets } from './budgets.js';

/** How loaded the machine was when the bench started. */
export interface MachineLoad {
  /** 1-minute load average (`os.loadavg()[0]`). */
  loadAverage1m: number;
  /** Cores the bench may use (`os.availableParallelism()`). */
  cores: number;
}

/**
 * Whether the machine is too busy for a verdict: more runnable work than cores (1-minute
 * load average above the core count) before the bench starts. Its figures are still
 * printed, but a missed budget is then a warning, not a failure.
 */
export function isBusy(load: MachineLoad): boolean {
  return load.loadAverage1m > load.cores;
}

/** The warning printed before the run when the machine is busy, or undefined. */
export function busyWarning(load: MachineLoad): string | undefined {
  if (!isBusy(load)) return undefined;
  return `warning: the machine is busy (1-minute load ${load.loadAverage1m} > ${load.cores} cores) before the bench starts: figures will be low and noisy, and a missed budget will be reported as a warning, not a failure. Re-run on a quiet machine for a verdict (BENCH_STRICT=1 fails anyway).`;
}

/** The outcome of a bench run. */
export interface BenchVerdict {
  /** The process's exit code: 1 only when a budget is missed on a quiet machine (or strict). */
  exitCode: 0 | 1;
  /** Lines to print at the end, each a missed budget or the summary. */
  lines: string[];
  /** Whether the lines go to stderr (a failure or a warning) rather than stdout. */
  toStderr: boolean;
}

/**
 * Decides how a run ends. Every check is already on a median or a same-run ratio; a missed
 * one fails the run on a quiet machine. On a busy one (see {@link isBusy}) the missed
 * budgets are printed as warnings and the run passes, unless `strict`.
 */
export function benchVerdict(
  checks: readonly BudgetCheck[],
  load: MachineLoad,
  options: { strict?: boolean } = {},
): BenchVerdict {
  const missed = missedBudgets(checks);
  const busy = isBusy(load);
  if (missed.length === 0) {
    return {
      exitCode: 0,
      lines: [
        busy
          ? `all budgets met (${checks.length} checks), on a busy machine`
          : `all budgets met (${checks.length} checks)`,
      ],
      toStderr: false,
    };
  }
  if (busy && options.strict !== true) {
    return {
      exitCode: 0,
      lines: [
        ...missed.map((line) => `warning: ${line}`),
        `warning: ${missed.length} of ${checks.length} budgets missed, but the machine was busy when the bench started (1-minute load ${load.loadAverage1m} > ${load.cores} cores): not a verdict. Re-run on a quiet machine.`,
      ],
      toStderr: true,
    };
  }
  return {
    exitCode: 1,
    lines: [...missed, `${missed.length} of ${checks.length} budgets missed`],
    toStderr: true,
  };
}

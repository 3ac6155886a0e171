import type { BudgetCheck } from './budgets.js';
import type { SoakOutcome, SoakRecord } from './soak-load.js';

/** One phase of the soak as it happened. */
export interface SoakPhase {
  name: string;
  /** How long it lasted, ms. */
  ms: number;
}

/** Throughput and errors of one phase. */
export interface PhaseSummary {
  phase: string;
  seconds: number;
  /** Answered JSON questions, answered streams and acknowledged datasources per second. */
  jsonPerSecond: number;
  streamsPerSecond: number;
  ingestedPerSecond: number;
  /** Requests of the phase by outcome other than `ok` (e.g. `{ refused: 3, closed: 1 }`). */
  errors: Partial<Record<Exclude<SoakOutcome, 'ok'>, number>>;
  /** Requests started in the phase. */
  requests: number;
}

/** Throughput and errors per phase, from the records of the load (by the phase they started in). */
export function summarizePhases(
  records: readonly SoakRecord[],
  phases: readonly SoakPhase[],
): PhaseSummary[] {
  return phases.map((phase) => {
    const mine = records.filter((record) => record.phase === phase.name);
    const seconds = phase.ms / 1000;
    const rate = (kind: SoakRecord['kind']) =>
      mine.filter((record) => record.kind === kind && record.outcome === 'ok').length / seconds;
    const errors: PhaseSummary['errors'] = {};
    for (const record of mine) {
      if (record.outcome === 'ok') continue;
      errors[record.outcome] = (errors[record.outcome] ?? 0) + 1;
    }
    return {
      phase: phase.name,
      seconds,
      jsonPerSecond: rate('json'),
      streamsPerSecond: rate('stream'),
      ingestedPerSecond: rate('ingest'),
      errors,
      requests: mine.length,
    };
  });
}

/** The soak's result: what happened per phase and what was checked afterwards. */
export interface SoakReport {
  phases: PhaseSummary[];
  checks: BudgetCheck[];
  /** Lines about the run (setup, kills, restarts). */
  notes: string[];
  pass: boolean;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

/** Renders the report as plain text: a table per phase, then each check. */
export function renderSoakReport(report: SoakReport): string {
  const rows = [
    ['phase', 's', 'JSON/s', 'streams/s', 'ingested/s', 'requests', 'not ok'],
    ...report.phases.map((phase) => [
      phase.phase,
      phase.seconds.toFixed(1),
      phase.jsonPerSecond.toFixed(1),
      phase.streamsPerSecond.toFixed(1),
      phase.ingestedPerSecond.toFixed(1),
      String(phase.requests),
      Object.entries(phase.errors)
        .map(([outcome, count]) => `${outcome} ${count}`)
        .join(', ') || '0',
    ]),
  ];
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => [...row[column]!].length)),
  );
  const lines = rows.map((row) =>
    row
      .map((cell, column) => pad(cell, widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  lines.push('');
  for (const check of report.checks) {
    lines.push(`${check.pass ? 'ok    ' : 'FAILED'}  ${check.name}: ${check.actual}`);
  }
  for (const note of report.notes) lines.push(`  · ${note}`);
  lines.push('', report.pass ? 'soak passed' : 'soak FAILED');
  return lines.join('\n');
}

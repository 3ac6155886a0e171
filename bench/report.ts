import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BudgetCheck } from './budgets.js';

/** One line of the results table. */
export interface Figure {
  figure: string;
  value: string;
  /** The budget this figure is checked against, if any. */
  check?: BudgetCheck;
}

/** What one benchmark reports: table lines, budget checks and raw data for the JSON file. */
export interface SectionResult {
  title: string;
  figures: Figure[];
  checks: BudgetCheck[];
  /** Notes printed under the section (setup, caveats). */
  notes: string[];
  /** Machine-readable results, written to the JSON file under the section's key. */
  data: Record<string, unknown>;
}

/** A section that could not run, e.g. because a package it measures is not built yet. */
export function skippedSection(title: string, reason: string): SectionResult {
  return {
    title,
    figures: [],
    checks: [],
    notes: [`skipped: ${reason}`],
    data: { skipped: reason },
  };
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - [...text].length));
}

function row(figure: Figure): string[] {
  return [
    figure.figure,
    figure.value,
    figure.check?.limit ?? '',
    figure.check ? (figure.check.pass ? 'ok' : 'MISSED') : '',
    figure.check?.spread ?? '',
  ];
}

const header = ['figure', 'value', 'budget', '', 'spread (min–max, noise of the median, runs)'];

/**
 * Renders sections as a plain-text table: figure, value, budget, status, and the spread of
 * the samples when the budget was checked on their median.
 */
export function renderTable(sections: readonly SectionResult[]): string {
  const rows = sections.flatMap((section) => section.figures.map(row));
  const widths = header.map((title, column) =>
    Math.max(...rows.map((cells) => [...cells[column]!].length), [...title].length),
  );
  const line = (cells: string[]): string =>
    cells
      .map((cell, column) => pad(cell, widths[column]!))
      .join('  ')
      .trimEnd();
  const out: string[] = [];
  for (const section of sections) {
    out.push('', `== ${section.title} ==`);
    if (section.figures.length > 0) {
      out.push(line(header));
      for (const figure of section.figures) out.push(line(row(figure)));
    }
    for (const note of section.notes) out.push(`  · ${note}`);
  }
  return out.join('\n');
}

/** Writes the JSON results file (creating its folder). */
export async function writeJsonReport(path: string, report: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * `npm run eval -- --sites all|a,b`: every development set (or some) evaluated one after
 * another with {@link runSiteEval}, then one table: per site source@1, source@3, section@3,
 * phrase, declined, refused, boilerplate and first correct answer, and their mean (the mean
 * of the per-site percentages, so a large set weighs as much as a small one).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalSummary, Tally } from '@agent-chat/agent-service';
import { runSiteEval, type SiteEvalOptions, type SiteMeasures } from './site.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

/** A development set: its name in the table and its folder. */
export interface SiteSet {
  name: string;
  folder: string;
}

const isSet = (folder: string) =>
  existsSync(path.join(folder, 'questions.json')) &&
  existsSync(path.join(folder, 'serve-site.mjs'));

/**
 * Every development set there is, in order: `../shared/eval/site-dev*` (next to the
 * repository), then each `eval/sites/<name>/` holding `questions.json` and `serve-site.mjs`.
 */
export function knownSiteSets(root = repositoryRoot): SiteSet[] {
  const shared = path.join(root, '../shared/eval');
  const sets = ['site-dev', 'site-dev-2']
    .map((name) => ({ name, folder: path.join(shared, name) }))
    .filter((set) => isSet(set.folder));
  const own = path.join(root, 'eval/sites');
  if (existsSync(own)) {
    for (const entry of readdirSync(own, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const folder = path.join(own, entry.name);
      if (entry.isDirectory() && isSet(folder)) sets.push({ name: entry.name, folder });
    }
  }
  return sets;
}

/**
 * The sets `--sites` names: `all`, or a comma list of set names (`site-dev-2,postgresql`) or
 * set folders. Throws naming the known sets when one is not found.
 */
export function selectSiteSets(selection: string, known: readonly SiteSet[]): SiteSet[] {
  if (selection.trim() === 'all') return [...known];
  return selection
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const named = known.find((set) => set.name === entry);
      if (named) return named;
      if (isSet(path.resolve(entry))) {
        return { name: path.basename(path.resolve(entry)), folder: path.resolve(entry) };
      }
      throw new Error(
        `No development set "${entry}" (known: ${known.map((set) => set.name).join(', ')}; or a folder with questions.json and serve-site.mjs).`,
      );
    });
}

/** One row of the table: the site's summary and measures, or why it could not be measured. */
export interface SiteRow {
  name: string;
  summary?: EvalSummary;
  measures?: SiteMeasures;
  error?: string;
}

const share = (tally: Tally) => (tally.total === 0 ? undefined : tally.hits / tally.total);
const percent = (value: number | undefined) =>
  value === undefined ? '–' : `${Math.round(value * 100)} %`;
const ratio = (tally: Tally) =>
  tally.total === 0 ? '–' : `${tally.hits}/${tally.total} ${percent(share(tally))}`;
const mean = (values: readonly (number | undefined)[]) => {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === 0
    ? undefined
    : known.reduce((sum, value) => sum + value, 0) / known.length;
};

const columns = [
  'site',
  'pages',
  'ingest',
  'source@1',
  'source@3',
  'section@3',
  'phrase',
  'declined',
  'refused',
  'boilerplate',
  'first correct',
];

/** The table `--sites` prints: one row per site, then the mean of the per-site percentages. */
export function formatSitesTable(rows: readonly SiteRow[]): string {
  const lines: string[][] = [columns];
  for (const row of rows) {
    const { summary, measures } = row;
    if (summary === undefined || measures === undefined) {
      lines.push([row.name, `failed: ${row.error ?? 'unknown error'}`]);
      continue;
    }
    lines.push([
      row.name,
      `${measures.pagesIngested}/${measures.sitePages}`,
      `${measures.ingestSeconds} s`,
      ratio(summary.source1),
      ratio(summary.source3),
      ratio(summary.section3),
      ratio(summary.phrase),
      `${summary.declined.hits}/${summary.declined.total}`,
      `${summary.refused.hits}/${summary.refused.total}`,
      String(measures.boilerplate.length),
      measures.firstCorrectAnswerSeconds === null
        ? 'none'
        : `${measures.firstCorrectAnswerSeconds} s`,
    ]);
  }
  const measured = rows.filter(
    (row): row is SiteRow & { summary: EvalSummary; measures: SiteMeasures } =>
      row.summary !== undefined && row.measures !== undefined,
  );
  if (measured.length > 1) {
    const meanOf = (pick: (summary: EvalSummary) => Tally) =>
      percent(mean(measured.map((row) => share(pick(row.summary)))));
    const firstCorrect = mean(
      measured.map((row) => row.measures.firstCorrectAnswerSeconds ?? undefined),
    );
    lines.push([
      `mean of ${measured.length}`,
      '',
      `${(mean(measured.map((row) => row.measures.ingestSeconds)) ?? 0).toFixed(1)} s`,
      meanOf((summary) => summary.source1),
      meanOf((summary) => summary.source3),
      meanOf((summary) => summary.section3),
      meanOf((summary) => summary.phrase),
      meanOf((summary) => summary.declined),
      meanOf((summary) => summary.refused),
      String(measured.reduce((sum, row) => sum + row.measures.boilerplate.length, 0)),
      firstCorrect === undefined ? 'none' : `${firstCorrect.toFixed(1)} s`,
    ]);
  }
  const widths = columns.map((_, index) =>
    Math.max(...lines.filter((line) => line.length > 2).map((line) => (line[index] ?? '').length)),
  );
  return lines
    .map((line) =>
      line.length <= 2
        ? line.join('  ')
        : line
            .map((cell, index) =>
              index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0),
            )
            .join('  '),
    )
    .join('\n');
}

/**
 * Evaluates each set in turn (a set that fails is reported in its row, the others still
 * run), prints the table and resolves with the rows.
 */
export async function runSites(
  sets: readonly SiteSet[],
  options: Omit<SiteEvalOptions, 'json' | 'ablate'> & { jsonFolder?: string } = {},
): Promise<SiteRow[]> {
  const rows: SiteRow[] = [];
  const { jsonFolder, ...siteOptions } = options;
  for (const set of sets) {
    console.log(`\n=== ${set.name} (${set.folder})`);
    try {
      const { report, measures } = await runSiteEval(set.folder, {
        ...siteOptions,
        ...(jsonFolder === undefined ? {} : { json: path.join(jsonFolder, `${set.name}.json`) }),
      });
      rows.push({ name: set.name, summary: report.summary, measures });
    } catch (error) {
      console.error(`${set.name}: ${(error as Error).message}`);
      rows.push({ name: set.name, error: (error as Error).message.split('\n')[0] ?? '' });
    }
  }
  console.log(`\n${formatSitesTable(rows)}`);
  console.log(
    '\nsource@1/@3: the page is the first / in the first three sources; section@3: a cited page#id is the\n' +
      "question's section (its heading or an id inside it); phrase: every key phrase in the answer;\n" +
      'declined: out-of-scope questions declined; refused: answerable questions refused; boilerplate:\n' +
      "answers quoting the theme's chrome; first correct: seconds from spawning serve. Mean: of the per-site\n" +
      'percentages.',
  );
  return rows;
}

/**
 * `npm run eval -- --sites all|a,b`: every development set (or some) evaluated one after
 * another with {@link runSiteEval}, then one table: per site source@1, source@3, section@3,
 * phrase, declined, refused, boilerplate and first correct answer, and their mean (the mean
 * of the per-site percentages, so a large set weighs as much as a small one).
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalSummary, Tally } from '@agent-chat/agent-service';
import { assertKeepable, describeCommit, KeptDataError, readKeptData } from './kept-data.js';
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
      `${measures.ingestSeconds} s${measures.keptData?.ingestedByThisRun === false ? ' kept' : ''}`,
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
      `${(mean(measured.map((row) => row.measures.ingestSeconds)) ?? 0).toFixed(1)} s${measured.every((row) => row.measures.keptData?.ingestedByThisRun === false) ? ' kept' : ''}`,
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

/** Under the table of a run with `--keep-data` or `--data`: which ingest each set was asked of. */
function keptDataLines(rows: readonly SiteRow[]): string[] {
  const kept = rows.flatMap((row) =>
    row.measures?.keptData === undefined ? [] : [{ name: row.name, ...row.measures.keptData }],
  );
  if (kept.length === 0) return [];
  const replayed = kept.some((entry) => !entry.ingestedByThisRun);
  return [
    '',
    replayed
      ? 'Replayed on kept data (nothing ingested; "kept": the ingest figures of the run that kept it; first correct:'
      : 'Kept data (the questions asked of a copy of it, as --data asks them; first correct:',
    "the ingest's span from spawning serve to the last page settled, plus the span from the first question to",
    'the first correct answer on the copy):',
    ...kept.map(
      (entry) =>
        `  ${entry.name}: ${entry.folder}, ingested at commit ${describeCommit(entry)} (${entry.keptAt})`,
    ),
  ];
}

/**
 * Before any set is run: with `keepData`, no set's kept folder may exist (nor two sets share
 * a name); with `data`, each set's kept data must be there. Throws naming every problem.
 */
async function checkKeptData(
  sets: readonly SiteSet[],
  options: Pick<SiteEvalOptions, 'keepData' | 'data'>,
): Promise<void> {
  const problems: string[] = [];
  const names = new Set<string>();
  for (const set of sets) {
    try {
      if (options.keepData !== undefined) {
        if (names.has(set.name)) {
          throw new KeptDataError(
            `Two sets are named ${set.name}: their kept data would share ${set.name}/.`,
          );
        }
        names.add(set.name);
        assertKeepable(options.keepData, set.name);
      }
      if (options.data !== undefined) await readKeptData(options.data, set.name);
    } catch (error) {
      if (!(error instanceof KeptDataError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new KeptDataError(problems.join('\n'));
}

/**
 * Evaluates each set in turn (a set that fails is reported in its row, the others still
 * run), prints the table and resolves with the rows. With `keepData` or `data`, every set's
 * kept folder is checked first (none may exist / each must), before anything runs.
 */
export async function runSites(
  sets: readonly SiteSet[],
  options: Omit<SiteEvalOptions, 'json' | 'ablate'> & { jsonFolder?: string } = {},
): Promise<SiteRow[]> {
  const rows: SiteRow[] = [];
  const { jsonFolder, ...siteOptions } = options;
  await checkKeptData(sets, siteOptions);
  if (jsonFolder !== undefined) await mkdir(path.resolve(jsonFolder), { recursive: true });
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
  for (const line of keptDataLines(rows)) console.log(line);
  console.log(
    '\nsource@1/@3: the page is the first / in the first three sources; section@3: a cited page#id is the\n' +
      "question's section (its heading or an id inside it); phrase: every key phrase in the answer;\n" +
      'declined: out-of-scope questions declined; refused: answerable questions refused; boilerplate:\n' +
      "answers quoting the theme's chrome; first correct: seconds from spawning serve. Mean: of the per-site\n" +
      'percentages.',
  );
  return rows;
}

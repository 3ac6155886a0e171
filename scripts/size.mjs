// `npm run size`: the widget's gzip budgets. Builds the widget when its dist is missing or
// older than its sources, then measures every file a page can load and fails over budget:
// the loader (dist/widget.js) ≤ 6 KB gzip, the panel's first paint (loader + panel chunk +
// the chunks it imports + the largest locale chunk: a page in another language than English
// loads its own alongside the panel) ≤ 30 KB, the whole widget (every file but the locale
// chunks, plus the largest of them: a page loads one language) ≤ 60 KB, of which the search
// chunk (the ⌘K modal, loaded at the first search) ≤ 10 KB. Then the same for the operator console (packages/console/dist): every file the
// page loads ≤ 80 KB gzip.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { widgetBudgets as budgets, measureWidget } from './widget-sizes.mjs';

const KB = 1024;
/** The operator console's budget: everything its page loads, gzip. */
const CONSOLE_BUDGET = 80 * KB;
const root = fileURLToPath(new URL('..', import.meta.url));
const widgetDir = join(root, 'packages/widget');
const distDir = join(widgetDir, 'dist');
const loaderFile = join(distDir, 'widget.js');

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

function newestSource() {
  const sources = [
    ...files(join(widgetDir, 'src')),
    ...files(join(root, 'packages/protocol/src')),
    join(widgetDir, 'vite.config.ts'),
    join(widgetDir, 'package.json'),
  ];
  return Math.max(...sources.map((file) => statSync(file).mtimeMs));
}

const stale = !existsSync(loaderFile) || statSync(loaderFile).mtimeMs < newestSource();
if (stale || process.argv.includes('--build')) {
  console.log('size: building the widget…');
  execFileSync('npx', ['vite', 'build', '-c', join(widgetDir, 'vite.config.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}

const sizes = measureWidget(distDir);
const format = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const rawTotal = sizes.files
  .filter((row) => !row.locale || row.file === sizes.largestLocale)
  .reduce((sum, row) => sum + row.raw, 0);
const lines = [
  ['file', 'raw', 'gzip', 'loads', 'budget'],
  ...sizes.files.map((row) => [
    row.file,
    format(row.raw),
    format(row.gzip),
    row.firstPaint ? 'first paint' : row.locale ? 'first paint (its language)' : 'on open (lazy)',
    row.file === 'widget.js'
      ? `≤ ${format(budgets.loader)}`
      : /^assets\/search-/.test(row.file)
        ? `≤ ${format(budgets.search)}`
        : '',
  ]),
  [
    'panel first paint in English (loader + panel chunks)',
    '',
    format(sizes.firstPaintEnglish),
    '',
    '',
  ],
  [
    `panel first paint, largest language (+ ${sizes.largestLocale ?? 'no locale chunk'})`,
    '',
    format(sizes.firstPaint),
    '',
    `≤ ${format(budgets.firstPaint)}`,
  ],
  [
    'whole widget (all files, one language)',
    format(rawTotal),
    format(sizes.total),
    '',
    `≤ ${format(budgets.total)}`,
  ],
];
const widths = lines[0].map((_, column) => Math.max(...lines.map((line) => line[column].length)));
for (const [index, line] of lines.entries()) {
  console.log(
    line
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      )
      .join('  '),
  );
  if (index === 0 || index === lines.length - 4)
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

const failures = [];
if (Number.isNaN(sizes.loader)) failures.push('dist/widget.js is missing after the build.');
else if (sizes.loader > budgets.loader) {
  failures.push(
    `the loader is ${format(sizes.loader)} gzip, over its ${format(budgets.loader)} budget.`,
  );
}
if (!sizes.panelFound) failures.push('the panel chunk named in dist/widget.js is missing.');
if (sizes.localeCount === 0 || !sizes.localesFound) {
  failures.push('dist/widget.js names no locale chunks, or one of them is missing.');
}
if (Number.isNaN(sizes.search))
  failures.push('the search chunk named in dist/widget.js is missing.');
else if (sizes.search > budgets.search) {
  failures.push(
    `the search chunk is ${format(sizes.search)} gzip, over its ${format(budgets.search)} budget.`,
  );
}
if (sizes.firstPaint > budgets.firstPaint) {
  failures.push(
    `the panel's first paint loads ${format(sizes.firstPaint)} gzip, over its ${format(budgets.firstPaint)} budget.`,
  );
}
if (sizes.total > budgets.total) {
  failures.push(
    `the whole widget is ${format(sizes.total)} gzip, over its ${format(budgets.total)} budget.`,
  );
}
const consoleDir = join(root, 'packages/console');
const consoleDist = join(consoleDir, 'dist');
const consoleSources = ['src', 'index.html', 'vite.config.ts', 'package.json'].flatMap((path) => {
  const full = join(consoleDir, path);
  return statSync(full).isDirectory() ? files(full) : [full];
});
const consoleBuilt = join(consoleDist, 'index.html');
if (
  !existsSync(consoleBuilt) ||
  statSync(consoleBuilt).mtimeMs < Math.max(...consoleSources.map((f) => statSync(f).mtimeMs)) ||
  process.argv.includes('--build')
) {
  console.log('size: building the console…');
  execFileSync('npx', ['vite', 'build', '-c', join(consoleDir, 'vite.config.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
}
const consoleFiles = files(join(consoleDist, 'assets')).map((path) => ({
  file: path.slice(consoleDist.length + 1),
  gzip: gzipSync(readFileSync(path), { level: 9 }).length,
}));
const consoleTotal = consoleFiles.reduce((sum, row) => sum + row.gzip, 0);
console.log('');
for (const row of consoleFiles) console.log(`console ${row.file}  ${format(row.gzip)} gzip`);
console.log(`console total  ${format(consoleTotal)} gzip  ≤ ${format(CONSOLE_BUDGET)}`);
if (consoleFiles.length === 0) failures.push('the console build produced no files.');
if (consoleTotal > CONSOLE_BUDGET) {
  failures.push(
    `the console is ${format(consoleTotal)} gzip, over its ${format(CONSOLE_BUDGET)} budget.`,
  );
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`size: FAIL: ${failure}`);
  process.exit(1);
}
console.log('size: OK, within budget.');

// `npm run size`: the widget's gzip budget. Builds the widget when its dist is missing or
// older than its sources, then measures every file a page can load and fails over budget:
// the loader (dist/widget.js) ≤ 6 KB gzip, the whole widget (loader + assets) ≤ 30 KB gzip.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const budgets = { loader: 6 * KB, total: 30 * KB };
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

const shipped = [loaderFile, ...files(join(distDir, 'assets'))].filter((file) =>
  /\.(js|css)$/.test(file),
);
const rows = shipped.map((file) => {
  const bytes = readFileSync(file);
  return {
    file: relative(distDir, file),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  };
});
const loader = rows.find((row) => row.file === 'widget.js');
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const format = (bytes) => `${(bytes / KB).toFixed(2)} KB`;

const lines = [
  ['file', 'raw', 'gzip', 'budget'],
  ...rows.map((row) => [
    row.file,
    format(row.raw),
    format(row.gzip),
    row === loader ? `≤ ${format(budgets.loader)}` : '',
  ]),
  [
    'total (loader + assets)',
    format(rows.reduce((sum, row) => sum + row.raw, 0)),
    format(total),
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
  if (index === 0 || index === lines.length - 2)
    console.log(widths.map((width) => '-'.repeat(width)).join('  '));
}

const failures = [];
if (!loader) failures.push('dist/widget.js is missing after the build.');
else if (loader.gzip > budgets.loader) {
  failures.push(
    `the loader is ${format(loader.gzip)} gzip, over its ${format(budgets.loader)} budget.`,
  );
}
if (total > budgets.total) {
  failures.push(
    `the whole widget is ${format(total)} gzip, over its ${format(budgets.total)} budget.`,
  );
}
if (failures.length > 0) {
  for (const failure of failures) console.error(`size: FAIL: ${failure}`);
  process.exit(1);
}
console.log('size: OK, within budget.');

// The widget's gzip sizes, split the way a page loads them; shared by `npm run size` and the
// bench's widget section.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;

/**
 * The widget's size budgets (its README, "Build, size, tests"), gzip bytes (1 KB = 1024 bytes).
 * The ⌘K search chunk (issue 52) has its own 10 KB, loaded only by a visitor who searches; the
 * whole widget's budget grew by that much (50 → 60 KB), the chat's part of it unchanged.
 */
export const widgetBudgets = {
  loader: 6 * KB,
  firstPaint: 30 * KB,
  search: 10 * KB,
  total: 60 * KB,
};

// `import … from "./x.js"` and `import "./x.js"` (not `import("./x.js")`, which loads later).
const staticImport = /(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g;

/**
 * Measures a built widget (`packages/widget/dist`): every `.js`/`.css` file's raw and gzip
 * (level 9) size, and these sums:
 *
 * - `loader`: `widget.js`;
 * - `firstPaintEnglish`: the loader, the panel chunk it names and every chunk that chunk
 *   imports statically (English is bundled into the panel);
 * - `firstPaint`, the budgeted one: that plus the largest locale chunk the loader names
 *   (a page in another language loads its locale chunk alongside the panel);
 * - `search`: the search chunk the loader names (the ⌘K modal, loaded at the first search);
 * - `total`: every file a page can load, that is every file but the locale chunks, plus the
 *   largest of those (a page loads one language).
 *
 * @param {string} distDir
 */
export function measureWidget(distDir) {
  const assets = join(distDir, 'assets');
  const names = existsSync(assets)
    ? readdirSync(assets).filter((name) => /\.(m?js|css)$/.test(name))
    : [];
  const files = [join(distDir, 'widget.js'), ...names.map((name) => join(assets, name))]
    .filter((path) => existsSync(path))
    .map((path) => {
      const bytes = readFileSync(path);
      return {
        file: path.slice(distDir.length + 1),
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        text: bytes.toString('utf8'),
      };
    });
  const byName = new Map(files.map((entry) => [entry.file, entry]));
  const loader = byName.get('widget.js');
  const panelName = loader && /assets\/(panel-[\w-]+\.js)/.exec(loader.text)?.[1];
  const searchName = loader && /assets\/search-[\w-]+\.js/.exec(loader.text)?.[0];
  const locales = new Set(
    loader ? [...loader.text.matchAll(/assets\/locale-[\w-]+\.js/g)].map((match) => match[0]) : [],
  );
  const firstPaint = new Set(loader ? ['widget.js'] : []);
  const pending = panelName ? [`assets/${panelName}`] : [];
  while (pending.length > 0) {
    const name = pending.pop();
    const entry = byName.get(name);
    if (!entry || firstPaint.has(name)) continue;
    firstPaint.add(name);
    for (const match of entry.text.matchAll(staticImport)) pending.push(`assets/${match[1]}`);
  }
  const sum = (entries) => entries.reduce((total, entry) => total + entry.gzip, 0);
  const localeFiles = files.filter((entry) => locales.has(entry.file));
  const largestLocale = localeFiles.reduce(
    (largest, entry) => (largest && largest.gzip >= entry.gzip ? largest : entry),
    undefined,
  );
  const firstPaintEnglish = sum(files.filter((entry) => firstPaint.has(entry.file)));
  return {
    files: files.map(({ file, raw, gzip }) => ({
      file,
      raw,
      gzip,
      firstPaint: firstPaint.has(file),
      locale: locales.has(file),
    })),
    loader: loader?.gzip ?? Number.NaN,
    search: (searchName && byName.get(searchName)?.gzip) ?? Number.NaN,
    panelFound: panelName !== undefined && byName.has(`assets/${panelName}`),
    localeCount: locales.size,
    localesFound: localeFiles.length === locales.size,
    largestLocale: largestLocale?.file,
    firstPaintEnglish,
    firstPaint: firstPaintEnglish + (largestLocale?.gzip ?? 0),
    total: sum(files.filter((entry) => !locales.has(entry.file))) + (largestLocale?.gzip ?? 0),
  };
}

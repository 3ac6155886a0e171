// `npm run check:packages` (after `npm run build`): what each workspace package would
// publish. For every package it reads `npm pack --dry-run --json` and fails when
//
// 1. the tarball ships a test (`*.test.*`, `*.spec.*`, `test-*`), a `testing/` helper or a
//    test harness (the widget's `browser/` Chromium suite, `*harness*`);
// 2. an `exports` entry points (through any condition: import, default, types, or the
//    `agent-chat-source` development condition) to a file the tarball does not contain, or a
//    `bin` does;
// 3. an entry does not load: the packed files alone (copied into a temporary node_modules,
//    next to links to the declared dependencies only, without the `agent-chat-source`
//    condition) are imported by a fresh Node process. A JS entry must import; a non-JS one
//    (package.json, a browser script) must resolve. An entry with no target outside the
//    `agent-chat-source` condition (agent-service's `./testing`) is development-only: it
//    must not resolve at all, and its sources need not be packed.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_CONDITION = 'agent-chat-source';

/** Files a package must never publish, with the reason shown on failure. */
const FORBIDDEN = [
  [/(^|\/)[^/]+\.(test|spec)\.[^/]+$/, 'a test file'],
  [/(^|\/)test-[^/]+$/, 'a test helper (test-*)'],
  [/(^|\/)(testing|__tests__|__fixtures__)\//, 'a testing/ helper'],
  [/^browser\//, 'the browser test suite'],
  [/(^|\/)[^/]*harness[^/]*$/, 'a test harness'],
];

/**
 * Exports that are served to browsers, not imported: checked to resolve to a packed file,
 * never executed in Node. Each needs a reason.
 */
const BROWSER_SCRIPTS = {
  // The classic-script loader (an IIFE for `<script src>`); it needs a DOM to run.
  '@agent-chat/widget': ['./widget.js'],
};

const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
const packages = new Map(
  workspaces.map((workspace) => {
    const dir = join(root, workspace);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [manifest.name, { dir, manifest }];
  }),
);

function packedFiles(dir) {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [report] = JSON.parse(output);
  return new Set(report.files.map((file) => file.path));
}

/** Every target of an `exports` value, with the conditions that lead to it (`null` kept). */
function targetsOf(value, conditions = []) {
  if (value === null) return [{ conditions, target: null }];
  if (typeof value === 'string') return [{ conditions: [...conditions, 'default'], target: value }];
  if (Array.isArray(value)) return value.flatMap((item) => targetsOf(item, conditions));
  return Object.entries(value).flatMap(([key, inner]) => targetsOf(inner, [...conditions, key]));
}

function exportEntries(manifest) {
  const { exports } = manifest;
  if (exports === undefined) return [];
  const keyed =
    typeof exports === 'object' &&
    !Array.isArray(exports) &&
    Object.keys(exports)[0]?.startsWith('.');
  return Object.entries(keyed ? exports : { '.': exports }).map(([subpath, value]) => {
    const targets = targetsOf(value);
    return {
      subpath,
      targets,
      published: targets.some(
        ({ conditions, target }) => target !== null && !conditions.includes(SOURCE_CONDITION),
      ),
    };
  });
}

function matchesPacked(target, files) {
  const path = posix.normalize(target);
  if (!path.includes('*')) return files.has(path);
  const pattern = new RegExp(
    `^${path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  );
  return [...files].some((file) => pattern.test(file));
}

/** The workspace packages `name` needs at run time, itself included. */
function workspaceClosure(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  for (const dependency of Object.keys(packages.get(name).manifest.dependencies ?? {})) {
    if (packages.has(dependency)) workspaceClosure(dependency, seen);
  }
  return seen;
}

/**
 * A node_modules holding only what a user would install: the packed files of `name` and of
 * the workspace packages it depends on, and links to their declared third-party dependencies.
 */
function installLikeAUser(name, packs, directory) {
  const modules = join(directory, 'node_modules');
  const linked = new Set();
  for (const workspace of workspaceClosure(name)) {
    const { dir, manifest } = packages.get(workspace);
    for (const file of packs.get(workspace)) {
      const destination = join(modules, workspace, file);
      mkdirSync(dirname(destination), { recursive: true });
      cpSync(join(dir, file), destination);
    }
    for (const dependency of Object.keys(manifest.dependencies ?? {})) {
      if (packages.has(dependency) || linked.has(dependency)) continue;
      linked.add(dependency);
      const destination = join(modules, dependency);
      mkdirSync(dirname(destination), { recursive: true });
      symlinkSync(join(root, 'node_modules', dependency), destination, 'dir');
    }
  }
}

/** Imports (or only resolves) each entry in a fresh Node process; returns the failures. */
function loadEntries(name, entries, directory) {
  const browserScripts = new Set(BROWSER_SCRIPTS[name] ?? []);
  const probes = entries.map(({ subpath, published }) => ({
    specifier: subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
    published,
    browserScript: browserScripts.has(subpath),
  }));
  const probeFile = join(directory, 'probe.mjs');
  writeFileSync(
    probeFile,
    `const probes = ${JSON.stringify(probes)};
const failures = [];
for (const { specifier, published, browserScript } of probes) {
  let resolved;
  try {
    resolved = import.meta.resolve(specifier);
  } catch (error) {
    if (published) failures.push(\`\${specifier}: does not resolve (\${error.code ?? error.message})\`);
    continue;
  }
  if (!published) {
    failures.push(\`\${specifier}: is development-only but resolves to \${resolved}\`);
    continue;
  }
  if (browserScript || !/\\.[cm]?js$/.test(resolved)) continue;
  try {
    const module = await import(specifier);
    if (Object.keys(module).length === 0) failures.push(\`\${specifier}: exports nothing\`);
  } catch (error) {
    failures.push(\`\${specifier}: fails to load: \${error.message ?? error}\`);
  }
}
console.log(JSON.stringify(failures));
process.exit(0);
`,
  );
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const result = spawnSync(process.execPath, [probeFile], {
    cwd: directory,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) {
    return [`the import probe exited with ${result.status ?? result.signal}: ${result.stderr}`];
  }
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

const packs = new Map([...packages].map(([name, { dir }]) => [name, packedFiles(dir)]));
const scratch = mkdtempSync(join(tmpdir(), 'agent-chat-packages-'));
let failed = false;
try {
  for (const [name, { manifest }] of packages) {
    const files = packs.get(name);
    const problems = [];
    for (const file of files) {
      const forbidden = FORBIDDEN.find(([pattern]) => pattern.test(file));
      if (forbidden) problems.push(`ships ${forbidden[1]}: ${file}`);
    }
    const entries = exportEntries(manifest);
    for (const { subpath, targets, published } of entries) {
      for (const { conditions, target } of targets) {
        if (target === null) continue;
        // A development-only entry points into unpublished sources on purpose.
        if (!published) continue;
        if (!matchesPacked(target, files)) {
          problems.push(
            `exports["${subpath}"] (${conditions.join(' > ')}) → ${target}: not in the tarball` +
              (target.startsWith('./dist/') ? ' (did `npm run build` run?)' : ''),
          );
        }
      }
    }
    const bins = typeof manifest.bin === 'string' ? { [name]: manifest.bin } : (manifest.bin ?? {});
    for (const [command, target] of Object.entries(bins)) {
      if (!files.has(posix.normalize(target)))
        problems.push(`bin ${command} → ${target}: not in the tarball`);
    }
    const directory = join(scratch, name.replace('/', '+'));
    installLikeAUser(name, packs, directory);
    problems.push(...loadEntries(name, entries, directory));

    const summary = entries
      .map(({ subpath, published }) => (published ? subpath : `${subpath} (development only)`))
      .join(', ');
    if (problems.length === 0) {
      console.log(`check-packages: ${name}: OK — ${files.size} files; exports ${summary}`);
    } else {
      failed = true;
      console.error(`check-packages: ${name}: FAIL`);
      for (const problem of problems) console.error(`  - ${problem}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
if (failed) {
  console.error(
    'check-packages: fix `files` (e.g. "!src/**/*.test.ts", "!src/**/testing") or `exports` in the package.json above.',
  );
  process.exit(1);
}

// Builds what `npm start` runs when it is missing or older than its sources — the protocol,
// the agent service, the BFF and the demo compiled to JavaScript (so that `npm start` runs
// without a TypeScript loader, which costs memory and start-up time), the widget bundle and
// the operator console — so `npm start` works on a fresh clone without a separate build step.
// The TypeScript packages are emitted with `tsc --noCheck`: type checking is `npm run
// typecheck`'s job, and skipping it here makes the first start a third faster. Several of
// these may run at once (two `npm start`s, the e2e tests): a lock directory lets one build
// while the others wait for it, and a lock left by a process that died is taken over.
// `npm run build` ends with it, so that it builds what no workspace builds (the demo) and a
// first `npm start` after it finds nothing to build. Arguments name the targets to bring up
// to date (`node scripts/ensure-built.mjs widget console`, what the browser tests need);
// none means all of them.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');

/** A TypeScript package (or the demo) emitted by `tsc -p <project> --noCheck`. */
function typescriptTarget(name, folder, output, inputs) {
  const project = join(root, folder, 'tsconfig.build.json');
  return {
    name,
    output: join(root, folder, output),
    sources: [...inputs.map((path) => join(root, folder, path)), join(root, 'tsconfig.base.json')],
    command: [process.execPath, [tsc, '-p', project, '--noCheck']],
  };
}

/** A Vite bundle, built by its workspace's `npm run build`. */
function viteTarget(name, inputs) {
  const folder = join(root, 'packages', name);
  return {
    name,
    output: join(folder, inputs.output),
    sources: inputs.sources.map((path) => join(folder, path)),
    command: ['npm', ['run', 'build', '-w', `@agent-chat/${name}`]],
  };
}

const packageInputs = ['src', 'tsconfig.build.json', 'package.json'];
const protocolSources = join(root, 'packages/protocol/src');
/**
 * What `npm start` runs and serves, in build order (each TypeScript package's declarations
 * are the next one's types). Every target is also stale when the protocol changed. (The
 * PGlite template cluster is not built: it is in the repository, see
 * packages/agent-service/src/store/pglite-template.ts.)
 */
const targets = [
  typescriptTarget('protocol', 'packages/protocol', 'dist/index.js', packageInputs),
  typescriptTarget('agent service', 'packages/agent-service', 'dist/index.js', packageInputs),
  typescriptTarget('BFF', 'packages/bff', 'dist/index.js', packageInputs),
  typescriptTarget('demo', 'scripts/demo', 'dist/cli.js', ['.']),
  viteTarget('widget', {
    output: 'dist/widget.js',
    sources: ['src', 'vite.config.ts', 'package.json'],
  }),
  viteTarget('console', {
    output: 'dist/index.html',
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json'],
  }),
];
const lock = join(root, 'node_modules/.cache/agent-chat-widget-build.lock');
const lockWaitMs = 300_000;

/** The newest modification time under `path`, leaving out built output (`dist`). */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function builtAt(output) {
  try {
    return statSync(output).mtimeMs;
  } catch {
    return -1;
  }
}

function upToDate(target) {
  const sources = [...target.sources, protocolSources];
  return builtAt(target.output) >= Math.max(...sources.map(newestMtime));
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the lock, waiting while a live process holds it. Returns false on timeout. */
function acquireLock() {
  const deadline = Date.now() + lockWaitMs;
  let told = false;
  for (;;) {
    try {
      mkdirSync(dirname(lock), { recursive: true });
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      return true;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner = Number.NaN;
    try {
      owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    } catch {
      // Just created by another process, which has not written its pid yet.
    }
    if (Number.isInteger(owner) && !alive(owner)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (Date.now() > deadline) return false;
    if (!told) {
      console.log('agent-chat: waiting for another process to finish building…');
      told = true;
    }
    sleep(250);
  }
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !targets.some((target) => target.name === name));
if (unknown.length > 0) {
  console.error(
    `agent-chat: no build target named ${unknown.join(', ')}; ` +
      `the targets are: ${targets.map((target) => target.name).join(', ')}.`,
  );
  process.exit(2);
}
const chosen =
  wanted.length === 0 ? targets : targets.filter((target) => wanted.includes(target.name));
const stale = () => chosen.filter((target) => !upToDate(target));

if (stale().length > 0) {
  if (!acquireLock()) {
    console.error(
      `agent-chat: ${lock} has been held for ${lockWaitMs / 1000} s; ` +
        'if no build is running, delete it and try again.',
    );
    process.exit(1);
  }
  try {
    // Another process may have built them while this one waited.
    for (const target of stale()) {
      console.log(`agent-chat: building the ${target.name}…`);
      const [command, args] = target.command;
      const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
      if (result.status !== 0) {
        console.error(`agent-chat: the ${target.name} build failed (see above).`);
        process.exitCode = result.status ?? 1;
        break;
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

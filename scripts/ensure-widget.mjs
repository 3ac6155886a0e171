// Builds the widget bundle and the operator console when missing or older than their
// sources, so `npm start` works on a fresh clone without a separate build step. Several of these may run at once
// (two `npm start`s, the e2e tests): a lock directory lets one build while the others wait
// for it, and a lock left by a process that died is taken over.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** What `npm start` serves: the widget, and the console at /admin/. */
const targets = [
  {
    name: 'widget',
    output: join(root, 'packages/widget/dist/widget.js'),
    sources: ['src', 'vite.config.ts', 'package.json'].map((path) =>
      join(root, 'packages/widget', path),
    ),
  },
  {
    name: 'console',
    output: join(root, 'packages/console/dist/index.html'),
    sources: ['src', 'index.html', 'vite.config.ts', 'package.json'].map((path) =>
      join(root, 'packages/console', path),
    ),
  },
];
const lock = join(root, 'node_modules/.cache/agent-chat-widget-build.lock');
const lockWaitMs = 300_000;

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
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
  const sources = [...target.sources, join(root, 'packages/protocol/src')];
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

const stale = () => targets.filter((target) => !upToDate(target));

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
      const result = spawnSync('npm', ['run', 'build', '-w', `@agent-chat/${target.name}`], {
        cwd: root,
        stdio: 'inherit',
      });
      if (result.status !== 0) {
        console.error(`agent-chat: the ${target.name} build failed (see above).`);
        process.exitCode = result.status ?? 1;
      }
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

// Builds the widget bundle when it is missing or older than its sources, so `npm start`
// works on a fresh clone without a separate build step.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const widget = join(root, 'packages/widget');
const bundle = join(widget, 'dist/widget.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function builtAt() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
}

const sources = [
  join(widget, 'src'),
  join(widget, 'vite.config.ts'),
  join(root, 'packages/protocol/src'),
];
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt() < sourcesAt) {
  console.log('agent-chat: building the widget…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@agent-chat/widget'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('agent-chat: the widget build failed (see above).');
    process.exit(result.status ?? 1);
  }
}

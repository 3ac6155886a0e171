import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * What each project's tests load from the build output: the widget bundle the BFF serves,
 * the console, or (e2e, which runs `npm start`) everything `npm start` runs.
 */
const TARGETS: Record<string, readonly string[]> = {
  'widget-browser': ['widget'],
  'console-browser': ['widget', 'console'],
  e2e: [],
};

/**
 * Vitest global setup: brings the build output a project's tests use up to date once per
 * run, before its first file (through `npm start`'s own `scripts/ensure-built.mjs`, which
 * rebuilds only what is missing or older than its sources, one process at a time), instead
 * of a build in every file. Nothing is rebuilt when `npm run build` has just run.
 */
export default function setup(project: TestProject): void {
  const targets = TARGETS[project.name];
  if (targets === undefined) throw new Error(`No build targets listed for ${project.name}.`);
  const script = fileURLToPath(new URL('../scripts/ensure-built.mjs', import.meta.url));
  execFileSync(process.execPath, [script, ...targets], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

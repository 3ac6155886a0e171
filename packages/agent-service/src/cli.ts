#!/usr/bin/env node
import { runCli } from './cli/index.js';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => controller.abort());
}

const exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  cwd: process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdoutIsTty: process.stdout.isTTY === true,
  signal: controller.signal,
});
process.exitCode = exitCode;
if (exitCode !== 0 || process.argv[2] === 'serve') {
  // Let the streams flush, then exit even if a stray handle lingers.
  setImmediate(() => process.exit(exitCode));
}

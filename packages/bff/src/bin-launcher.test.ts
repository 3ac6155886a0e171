import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Both packages of the repository ship the same kind of committed launcher as their bin.
const launchers = [
  ['agent-chat-bff', '../bin/agent-chat-bff.js'],
  ['agent-chat-service', '../../agent-service/bin/agent-chat-service.js'],
] as const;

describe.each(launchers)('the %s launcher (bin)', (name, path) => {
  // A copy of the package layout: bin/ next to dist/, with a stand-in for the built CLI.
  const root = mkdtempSync(join(tmpdir(), `${name}-bin-`));
  mkdirSync(join(root, 'bin'));
  copyFileSync(fileURLToPath(new URL(path, import.meta.url)), join(root, 'bin', 'launcher.js'));
  writeFileSync(join(root, 'package.json'), '{"type":"module"}');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const run = () =>
    spawnSync(process.execPath, [join(root, 'bin', 'launcher.js'), '--help'], {
      encoding: 'utf8',
    });

  it('says how to build the package when it is not built', () => {
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${name} is not built yet: run \`npm run build\``);
  });

  it('runs the built CLI with the same arguments', () => {
    mkdirSync(join(root, 'dist'));
    writeFileSync(
      join(root, 'dist', 'cli.js'),
      'console.log("cli", process.argv.slice(2).join(" "));',
    );
    const result = run();
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('cli --help\n');
  });
});

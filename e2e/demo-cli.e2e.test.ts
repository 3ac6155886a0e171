import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../testing/set-up-hooks.js';
import { REPO_ROOT } from './demo-stack.js';

// What `npm start` runs (built by this project's global setup), started where it cannot start.
let dataDir: string;
let taken: Server;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'agent-chat-demo-cli-'));
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => taken.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

function runDemo(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['scripts/demo/dist/cli.js'],
      { cwd: REPO_ROOT, env: { ...process.env, PORT: '0', AGENT_SERVICE_PORT: '0', ...env } },
      (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
    );
  });
}

describe('npm start that cannot start', () => {
  it('gives the port advice when the port is taken', async () => {
    const port = (taken.address() as AddressInfo).port;
    const { code, stderr } = await runDemo({
      DATA_DIR: join(dataDir, 'port'),
      AGENT_SERVICE_PORT: String(port),
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`address already in use 127.0.0.1:${port}. Is another demo running?`);
    expect(stderr).toContain('Set AGENT_SERVICE_PORT to use another port.');
  });

  it('says its data directory is in use, without advice about ports', async () => {
    // Another live process (this one) holds the data directory, as a second npm start finds it.
    const held = join(dataDir, 'held');
    mkdirSync(join(held, 'agent-service'), { recursive: true });
    writeFileSync(join(held, 'agent-service', 'agent-service.lock'), String(process.pid));
    const { code, stderr } = await runDemo({ DATA_DIR: held });
    expect(code).toBe(1);
    expect(stderr).toContain(`is in use by process ${process.pid}`);
    expect(stderr).not.toContain('AGENT_SERVICE_PORT');
    expect(stderr).not.toContain('..');
  });

  it('says a HOST it cannot resolve is the problem, not the port', async () => {
    const { code, stderr } = await runDemo({
      DATA_DIR: join(dataDir, 'host'),
      UPSTREAM_URL: 'http://127.0.0.1:9',
      AGENT_API_TOKEN: 'demo-cli-test-token',
      HOST: 'no-such-host.invalid',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('could not listen on no-such-host.invalid:0');
    expect(stderr).not.toContain('Set PORT');
  });
});

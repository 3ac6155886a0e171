import { execFile } from 'node:child_process';
import { openSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { createDefaultLogger, withoutDefaultRedaction } from './default-logger.js';
import { createResponseLogger } from './request-logging.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const MODULE = fileURLToPath(new URL('./default-logger.ts', import.meta.url));

/** The file's JSON lines (none while it does not exist). */
async function linesOf(path: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(path, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('createDefaultLogger', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'agent-chat-logger-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a short burst of lines within a second, secrets redacted', async () => {
    const path = join(dir, 'burst.log');
    const logger = createDefaultLogger('info', openSync(path, 'a'));
    logger.info({ authorization: 'Bearer sk-secret', n: 1 }, 'first');
    logger.debug('below the level');
    logger.warn({ req: { headers: { authorization: 'Bearer sk-secret' } } }, 'second');
    // Two short lines do not fill a block: they wait for the timer, not for more lines.
    expect(await linesOf(path)).toEqual([]);
    let lines: Record<string, unknown>[] = [];
    for (let waited = 0; lines.length < 2 && waited < 3_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      lines = await linesOf(path);
    }
    expect(lines.map((line) => line.msg)).toEqual(['first', 'second']);
    expect(lines[0]).toMatchObject({ level: 30, authorization: '[redacted]', n: 1 });
    expect(lines[1]).toMatchObject({ req: { headers: { authorization: '[redacted]' } } });
    expect(JSON.stringify(lines)).not.toContain('sk-secret');
  });

  it('writes every waiting line when the process exits', async () => {
    const path = join(dir, 'exit.log');
    const script = [
      `const { createDefaultLogger } = await import(${JSON.stringify(MODULE)});`,
      `const { openSync } = await import('node:fs');`,
      `const logger = createDefaultLogger('info', openSync(${JSON.stringify(path)}, 'a'));`,
      `for (let i = 0; i < 3; i += 1) logger.info({ i }, 'line');`,
      'process.exit(0);',
    ].join('\n');
    await promisify(execFile)(
      process.execPath,
      ['--conditions=agent-chat-source', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT },
    );
    expect((await linesOf(path)).map((line) => line.i)).toEqual([0, 1, 2]);
  });

  it('takes a level', async () => {
    const logger = createDefaultLogger('warn', openSync(join(dir, 'level.log'), 'a'));
    expect(logger.level).toBe('warn');
    expect(logger.isLevelEnabled('info')).toBe(false);
  });

  it('writes allow-listed request lines without the redaction pass, and redacts every other line', async () => {
    const path = join(dir, 'request-lines.log');
    const logger = createDefaultLogger('info', openSync(path, 'a'));
    withoutDefaultRedaction(logger).info({ req: { headers: { 'user-agent': 'ua' } } }, 'request');
    logger.info({ token: 'sk-secret' }, 'other');
    logger.flush();
    await expect.poll(async () => (await linesOf(path)).length).toBe(2);
    const [request, other] = await linesOf(path);
    expect(request).toMatchObject({ msg: 'request', req: { headers: { 'user-agent': 'ua' } } });
    expect(other).toMatchObject({ msg: 'other', token: '[redacted]' });
  });
});

describe('request lines of a host logger', () => {
  it('keep the redaction its owner configured', () => {
    const lines: string[] = [];
    const host = pino(
      { redact: { paths: ['req.remoteAddress', 'req.headers["user-agent"]'], censor: 'hidden' } },
      { write: (line: string) => lines.push(line) },
    );
    expect(withoutDefaultRedaction(host)).toBe(host);
    const logResponse = createResponseLogger(host);
    const res = {
      writableFinished: true,
      headersSent: true,
      statusCode: 200,
      req: {
        method: 'POST',
        headers: { 'user-agent': 'secret-agent' },
        socket: { remoteAddress: '203.0.113.9' },
      },
      locals: { requestId: 'r1' },
    };
    logResponse(res as never, '/api/agents/a/query', performance.now());
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '{}') as { req: Record<string, unknown> };
    expect(line.req).toMatchObject({
      id: 'r1',
      method: 'POST',
      url: '/api/agents/a/query',
      remoteAddress: 'hidden',
      headers: { 'user-agent': 'hidden' },
    });
    expect(lines[0]).not.toContain('203.0.113.9');
  });
});

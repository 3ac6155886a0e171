import { spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { processGroupRss, sampleProcessGroupRss } from './process-group-rss.js';

/** A process leading its own group, which starts a second process in that group. */
function startGroup(): number {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
       setInterval(() => {}, 1000);`,
    ],
    { detached: true, stdio: 'ignore' },
  );
  const pgid = child.pid as number;
  onTestFinished(() => {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  return pgid;
}

describe('resident memory of a process group', () => {
  it('sums every process of the group, and only those', async () => {
    const pgid = startGroup();
    await expect.poll(async () => (await processGroupRss(pgid)).pids.length).toBe(2);
    const group = await processGroupRss(pgid);
    expect(group.pids).toContain(pgid);
    expect(group.pids).not.toContain(process.pid);
    // Two Node processes: each holds at least the few MB of the node binary it ran.
    expect(group.bytes).toBeGreaterThan(2 * 5 * 1024 * 1024);
    expect(await processGroupRss(2 ** 22 + 7)).toEqual({ bytes: 0, pids: [] });
  });

  it('keeps the peak of its samples and a window since the last mark', async () => {
    const pgid = startGroup();
    await expect.poll(async () => (await processGroupRss(pgid)).pids.length).toBe(2);
    const sampler = sampleProcessGroupRss(pgid, 5);
    await expect.poll(() => sampler.sinceMark().length).toBeGreaterThan(2);
    sampler.mark();
    await expect.poll(() => sampler.sinceMark().length).toBeGreaterThan(0);
    expect(sampler.peak()).toBeGreaterThanOrEqual(Math.max(...sampler.sinceMark()));
    await sampler.stop();
  });
});

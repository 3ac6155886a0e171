import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../logger.js';
import { createSyncScheduler } from './sync-scheduler.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('createSyncScheduler', () => {
  it('checks within jitter × interval of its start, then at most every interval, with jitter', async () => {
    vi.useFakeTimers();
    const checks: number[] = [];
    const randoms = [0.5, 0, 0.99, 0.25];
    const scheduler = createSyncScheduler({
      intervalMs: 30_000,
      jitter: 0.2,
      random: () => randoms.shift() ?? 0,
      logger: silentLogger,
      check: async () => {
        checks.push(Date.now());
        return 0;
      },
    });
    const start = Date.now();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(checks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toEqual([start + 3_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks).toEqual([start + 3_000, start + 33_000]);
    await vi.advanceTimersByTimeAsync(30_000);
    // 30 000 × (1 − 0.2 × 0.99) = 24 060 ms after the previous check.
    expect(checks.at(-1)).toBe(start + 33_000 + 24_060);
    const gaps = checks.slice(1).map((at, index) => at - (checks[index] as number));
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(30_000);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(checks).toHaveLength(3);
  });

  it('keeps checking after a failed check, and logs it', async () => {
    vi.useFakeTimers();
    const warnings: string[] = [];
    let calls = 0;
    const scheduler = createSyncScheduler({
      intervalMs: 1_000,
      jitter: 0,
      logger: { ...silentLogger, warn: (details) => warnings.push(String(details.err)) },
      check: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return 2;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual(['Error: database away']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(await scheduler.checkNow()).toBe(2);
    await scheduler.stop();
  });

  it('runs one check at a time: checkNow waits for the one in progress', async () => {
    let release = () => {};
    let running = 0;
    let most = 0;
    const scheduler = createSyncScheduler({
      // The first timed check is an hour away: only checkNow runs here.
      intervalMs: 3_600_000,
      jitter: 1,
      random: () => 0.999,
      logger: silentLogger,
      check: async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        running -= 1;
        return 1;
      },
    });
    const first = scheduler.checkNow();
    const second = scheduler.checkNow();
    await vi.waitFor(() => expect(running).toBe(1));
    release();
    await first;
    await vi.waitFor(() => expect(running).toBe(1));
    release();
    expect(await second).toBe(1);
    expect(most).toBe(1);
    await scheduler.stop();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatasourcePoller } from './datasource-poller.js';

describe('createDatasourcePoller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a few unsettled datasources one by one every interval, and stops once none is left', async () => {
    let unsettled = ['a', 'b'];
    const reads: string[] = [];
    const poller = createDatasourcePoller({
      unsettled: () => unsettled,
      async refreshOne(id) {
        reads.push(id);
      },
      async refreshAll() {
        reads.push('all');
      },
      intervalMs: 1000,
    });
    poller.watch();
    poller.watch(); // already running: one timer
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(reads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toEqual(['a', 'b']);
    unsettled = ['b'];
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual(['a', 'b', 'b']);
    unsettled = [];
    await vi.advanceTimersByTimeAsync(1000);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(reads).toEqual(['a', 'b', 'b']);
    // Something became unsettled again: watching starts again.
    unsettled = ['c'];
    poller.watch();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toEqual(['a', 'b', 'b', 'c']);
    poller.stop();
  });

  it('reads the list once instead of many single reads, retries after a failure, never overlaps', async () => {
    const unsettled = Array.from({ length: 11 }, (_, index) => `d${index}`);
    let listReads = 0;
    let release: (() => void) | undefined;
    const poller = createDatasourcePoller({
      unsettled: () => unsettled,
      async refreshOne() {
        throw new Error('single reads are not expected');
      },
      refreshAll() {
        listReads += 1;
        if (listReads === 1) return Promise.reject(new Error('offline'));
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      intervalMs: 100,
      batchLimit: 10,
    });
    poller.watch();
    await vi.advanceTimersByTimeAsync(100);
    expect(listReads).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(listReads).toBe(2);
    // The second read hangs: no other round starts meanwhile.
    await vi.advanceTimersByTimeAsync(1000);
    expect(listReads).toBe(2);
    release?.();
    await vi.advanceTimersByTimeAsync(100);
    expect(listReads).toBe(3);
    poller.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stop() ends polling, also while a round runs', async () => {
    let release: (() => void) | undefined;
    let reads = 0;
    const poller = createDatasourcePoller({
      unsettled: () => ['a'],
      refreshOne() {
        reads += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      async refreshAll() {},
      intervalMs: 100,
    });
    poller.watch();
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toBe(1);
    poller.stop();
    release?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reads).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

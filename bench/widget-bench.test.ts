import { describe, expect, it } from 'vitest';
import { mainThreadTasks } from './widget-bench.js';

const meta = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, dur: number, tdur = dur) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});

describe('mainThreadTasks', () => {
  it('sums top-level tasks of the renderer main thread and finds the longest', () => {
    const result = mainThreadTasks({
      traceEvents: [
        meta(1, 10, 'CrRendererMain'),
        meta(1, 11, 'Compositor'),
        meta(2, 20, 'CrBrowserMain'),
        task(1, 10, 1_000, 2_000),
        task(1, 10, 1_500, 500), // nested: not counted twice
        task(1, 10, 10_000, 60_000, 30_000), // preempted for half of it
        task(1, 11, 0, 90_000), // another thread
        task(2, 20, 0, 90_000), // another process
      ],
    });
    expect(result).toEqual({
      busyMs: 62,
      busyCpuMs: 32,
      longestMs: 60,
      longestCpuMs: 30,
      tasks: 2,
      over50ms: 1,
    });
  });
});

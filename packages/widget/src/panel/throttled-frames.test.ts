import { describe, expect, it } from 'vitest';
import { createThrottledFrames } from './throttled-frames.js';

describe('createThrottledFrames', () => {
  it('flushes on the next frame first, then at most once per interval', () => {
    let time = 0;
    const timers: Array<{ at: number; run: () => void }> = [];
    const frames: Array<() => void> = [];
    const schedule = createThrottledFrames({
      intervalMs: 100,
      now: () => time,
      setTimer: (run, ms) => timers.push({ at: time + ms, run }),
      requestFrame: (run) => frames.push(run),
    });
    const flushes: number[] = [];
    const flush = () => flushes.push(time);

    schedule(flush);
    expect(timers).toHaveLength(0);
    time = 16;
    frames.shift()!();
    expect(flushes).toEqual([16]);

    time = 40;
    schedule(flush);
    expect(frames).toHaveLength(0);
    expect(timers.map((timer) => timer.at)).toEqual([116]);
    time = 116;
    timers.shift()!.run();
    time = 120;
    frames.shift()!();
    expect(flushes).toEqual([16, 120]);

    time = 400;
    schedule(flush);
    expect(frames).toHaveLength(1);
  });
});

import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHeartbeatTicker } from './heartbeat-ticker.js';

/** A stream that records what it is written, with a small buffer so it can need a drain. */
function recorder(highWaterMark = 1024) {
  const frames: string[] = [];
  let release: (() => void) | undefined;
  const stream = new Writable({
    highWaterMark,
    write(chunk, _encoding, callback) {
      frames.push(String(chunk));
      if (highWaterMark === 1) release = callback;
      else callback();
    },
  });
  return { frames, stream, res: stream as unknown as ServerResponse, drain: () => release?.() };
}

describe('createHeartbeatTicker', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every open stream on one timer, skips a stream that needs a drain, stops when none is left', async () => {
    // Only intervals are faked, so only intervals are counted: the ticker uses one, while
    // whatever else runs in the worker meanwhile (a keep-alive socket, a service another file
    // of a shared worker still closes) sets timeouts that would count too.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const ticker = createHeartbeatTicker(20);
    const fast = recorder();
    const stuck = recorder(1);
    stuck.stream.write('x'); // not drained: the stream needs a drain from now on
    ticker.add(fast.res);
    ticker.add(stuck.res);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(19);
    expect(fast.frames).toEqual([]);
    await vi.advanceTimersByTimeAsync(41);
    expect(fast.frames).toEqual([': ping\n\n', ': ping\n\n', ': ping\n\n']);
    expect(stuck.frames).toEqual(['x']);
    expect(stuck.stream.writableLength).toBe(1); // nothing queued behind the undrained write

    ticker.delete(fast.res);
    expect(vi.getTimerCount()).toBe(1);
    ticker.delete(stuck.res);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60);
    expect(fast.frames).toHaveLength(3);
    stuck.drain();
  });
});

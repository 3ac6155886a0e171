import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
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
  it('pings every open stream on one timer, skips a stream that needs a drain, stops when none is left', async () => {
    const timers = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const ticker = createHeartbeatTicker(20);
    const before = timers();
    const fast = recorder();
    const stuck = recorder(1);
    stuck.stream.write('x'); // not drained: the stream needs a drain from now on
    ticker.add(fast.res);
    ticker.add(stuck.res);
    expect(timers()).toBe(before + 1);
    await sleep(75);
    expect(fast.frames.length).toBeGreaterThanOrEqual(2);
    expect(fast.frames.every((frame) => frame === ': ping\n\n')).toBe(true);
    expect(stuck.frames).toEqual(['x']);

    ticker.delete(fast.res);
    ticker.delete(stuck.res);
    expect(timers()).toBe(before);
    const sent = fast.frames.length;
    await sleep(75);
    expect(fast.frames.length).toBe(sent);
    stuck.drain();
  });
});

import type { ServerResponse } from 'node:http';
import { createSseEncoder } from '@agent-chat/protocol';

const heartbeatFrame = createSseEncoder().encode({ type: 'heartbeat' });

/** Sends the `: ping` comment to every open stream of one BFF on one shared timer. */
export interface HeartbeatTicker {
  /** Starts the heartbeats of a stream whose headers are sent. */
  add(res: ServerResponse): void;
  /** Stops them (the stream ended). */
  delete(res: ServerResponse): void;
}

/**
 * Creates the heartbeat ticker: one interval for all streams (running only while there are
 * streams) instead of a timer and a closure per stream, which thousands of open streams
 * would each hold. A stream gets its first heartbeat within `intervalMs` of being added.
 * A browser that has not drained the last write gets no heartbeat (it would only queue).
 */
export function createHeartbeatTicker(intervalMs: number): HeartbeatTicker {
  const streams = new Set<ServerResponse>();
  let timer: NodeJS.Timeout | undefined;
  const beat = (): void => {
    for (const res of streams) {
      if (!res.writableNeedDrain && !res.writableEnded) res.write(heartbeatFrame);
    }
  };
  return {
    add(res) {
      streams.add(res);
      timer ??= setInterval(beat, intervalMs);
    },
    delete(res) {
      streams.delete(res);
      if (streams.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}

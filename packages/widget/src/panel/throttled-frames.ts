/**
 * While an answer streams, the transcript is updated at most this often (ms). Each update
 * costs the browser a render, style, layout, paint and commit of the panel whatever the
 * Markdown parser does; at every animation frame that fixed cost dominated the main thread
 * (measured in `npm run bench`, widget section). Ten updates a second read as fluently.
 */
export const streamingUpdateMs = 150;

/**
 * A `scheduleFrame` for the chat model that runs each flush on an animation frame at least
 * `intervalMs` after the previous one: the first fragment of an answer shows at the next
 * frame, later ones are batched. `now`, `setTimer` and `requestFrame` are injectable for tests.
 */
export function createThrottledFrames({
  intervalMs = streamingUpdateMs,
  now = () => performance.now(),
  setTimer = (run: () => void, ms: number): void => void setTimeout(run, ms),
  requestFrame = (run: () => void): void => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run);
    else setTimeout(run, 16);
  },
}: {
  intervalMs?: number;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
  requestFrame?: (run: () => void) => void;
} = {}): (flush: () => void) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (flush) => {
    const run = (): void =>
      requestFrame(() => {
        last = now();
        flush();
      });
    const wait = last + intervalMs - now();
    if (wait > 0) setTimer(run, wait);
    else run();
  };
}

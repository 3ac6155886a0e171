/**
 * Streamed answer text shown at most once a frame: fragments add up as they arrive, and
 * one write a frame shows all that has arrived, so a long answer of many small fragments
 * renders without long tasks.
 */

/** Runs `flush` before the next frame (`requestAnimationFrame`, else in 16 ms). */
export function defaultScheduleFrame(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
}

/** The text of an answer as it streams in; see {@link createFrameText}. */
interface FrameText {
  /** Adds a fragment; its write is scheduled unless one already is. */
  append(delta: string): void;
  /** All the text that has arrived. */
  readonly text: string;
}

/** Gathers an answer's fragments and hands the text to `show` at most once a frame. */
export function createFrameText(
  scheduleFrame: (flush: () => void) => void,
  show: (text: string) => void,
): FrameText {
  let text = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    show(text);
  };
  return {
    append(delta) {
      text += delta;
      if (!scheduled) {
        scheduled = true;
        scheduleFrame(flush);
      }
    },
    get text() {
      return text;
    },
  };
}

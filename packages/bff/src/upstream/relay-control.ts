/** Why a relay was stopped before its natural end. */
export type AbortCause = 'client' | 'timeout' | 'shutdown';

/**
 * Abort state plus one deadline timer for a relay; the first abort cause wins. Lighter than
 * an `AbortController`: one listener slot, no event objects, nothing allocated unless the
 * relay is actually aborted.
 */
export interface RelayControl {
  /** The cause of the abort, if aborted. */
  cause(): AbortCause | undefined;
  /** Aborts with `cause` (ignored when already aborted) and calls the abort listener. */
  abort(cause: AbortCause): void;
  /**
   * Sets the one function to call on abort, replacing the previous one (`undefined` clears
   * it). Called at once when the relay is already aborted.
   */
  onAbort(listener: (() => void) | undefined): void;
  /** (Re)starts the deadline: unless re-armed or disarmed within `ms`, aborts with `timeout`. */
  arm(ms: number): void;
  /** Stops the deadline. */
  disarm(): void;
}

/** Creates a {@link RelayControl}. Call `disarm()` when the relay ends. */
export function createRelayControl(): RelayControl {
  let aborted: AbortCause | undefined;
  let listener: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerMs = 0;

  const abort = (cause: AbortCause): void => {
    if (aborted) return;
    aborted = cause;
    if (timer) clearTimeout(timer);
    const current = listener;
    listener = undefined;
    current?.();
  };

  return {
    cause: () => aborted,
    abort,
    onAbort(next) {
      if (aborted) {
        listener = undefined;
        next?.();
        return;
      }
      listener = next;
    },
    arm(ms) {
      if (aborted) return;
      if (timer && timerMs === ms) {
        timer.refresh();
        return;
      }
      if (timer) clearTimeout(timer);
      timerMs = ms;
      timer = setTimeout(abort, ms, 'timeout');
    },
    disarm() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

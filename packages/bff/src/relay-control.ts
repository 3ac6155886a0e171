/** Why a relay was stopped before its natural end. */
export type AbortCause = 'client' | 'timeout' | 'shutdown';

/** Abort signal plus one deadline timer for a relay; the first abort cause wins. */
export interface RelayControl {
  /** Aborted on the first cause; passed to the upstream request so its socket is destroyed. */
  readonly signal: AbortSignal;
  /** The cause of the abort, if aborted. */
  cause(): AbortCause | undefined;
  /** Aborts with `cause` (ignored when already aborted). */
  abort(cause: AbortCause): void;
  /** (Re)starts the deadline: unless re-armed or disarmed within `ms`, aborts with `timeout`. */
  arm(ms: number): void;
  /** Stops the deadline. */
  disarm(): void;
}

/** Creates a {@link RelayControl}. Call `disarm()` when the relay ends. */
export function createRelayControl(): RelayControl {
  const controller = new AbortController();
  let aborted: AbortCause | undefined;
  let timer: NodeJS.Timeout | undefined;
  let timerMs = 0;

  const abort = (cause: AbortCause) => {
    if (aborted) return;
    aborted = cause;
    if (timer) clearTimeout(timer);
    controller.abort(new Error(`relay aborted: ${cause}`));
  };

  return {
    signal: controller.signal,
    cause: () => aborted,
    abort,
    arm(ms) {
      if (aborted) return;
      if (timer && timerMs === ms) {
        timer.refresh();
        return;
      }
      if (timer) clearTimeout(timer);
      timerMs = ms;
      timer = setTimeout(() => abort('timeout'), ms);
    },
    disarm() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

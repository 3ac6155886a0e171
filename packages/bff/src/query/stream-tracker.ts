/** One relayed request that shutdown may have to end. */
export interface TrackedRelay {
  /** True for SSE streams (counted by `activeStreams()`), false for JSON answers. */
  readonly stream: boolean;
  /** Ends the relay now: aborts the upstream and tells the browser the server is shutting down. */
  terminate(): void;
}

/** The open relays of one BFF instance. */
export interface StreamTracker {
  /** Registers a relay; the returned function unregisters it (idempotent). */
  add(relay: TrackedRelay): () => void;
  /** Open SSE streams. */
  activeStreams(): number;
  /** Resolves when no relay is open, or after `ms` (false then). */
  whenIdle(ms: number): Promise<boolean>;
  /** Terminates every open relay. */
  terminateAll(): void;
}

/** Creates the tracker used by graceful shutdown and the active-streams gauge. */
export function createStreamTracker(): StreamTracker {
  const relays = new Set<TrackedRelay>();
  let streams = 0;
  let idleWaiters: (() => void)[] = [];

  const notifyIfIdle = () => {
    if (relays.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const waiter of waiters) waiter();
  };

  return {
    add(relay) {
      relays.add(relay);
      if (relay.stream) streams += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        relays.delete(relay);
        if (relay.stream) streams -= 1;
        notifyIfIdle();
      };
    },
    activeStreams: () => streams,
    whenIdle(ms) {
      if (relays.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          idleWaiters = idleWaiters.filter((waiter) => waiter !== onIdle);
          resolve(false);
        }, ms);
        const onIdle = () => {
          clearTimeout(timer);
          resolve(true);
        };
        idleWaiters.push(onIdle);
      });
    },
    terminateAll() {
      for (const relay of [...relays]) relay.terminate();
    },
  };
}

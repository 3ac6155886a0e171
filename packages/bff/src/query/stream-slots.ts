/** Counts open streams per visitor, to cap how many one visitor may hold at once. */
export interface StreamSlots {
  /** Takes a slot for `visitorId`; returns a release function, or undefined when the cap is reached. */
  acquire(visitorId: string): (() => void) | undefined;
}

/**
 * Creates an in-process stream counter with at most `max` slots per visitor. Per replica:
 * a visitor spread over N replicas may hold up to N × max streams.
 */
export function createStreamSlots(max: number): StreamSlots {
  const open = new Map<string, number>();
  return {
    acquire(visitorId) {
      const current = open.get(visitorId) ?? 0;
      if (current >= max) return undefined;
      open.set(visitorId, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const remaining = (open.get(visitorId) ?? 1) - 1;
        if (remaining <= 0) open.delete(visitorId);
        else open.set(visitorId, remaining);
      };
    },
  };
}

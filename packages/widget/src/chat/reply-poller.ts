import { effect, type ReadonlySignal } from '@preact/signals';
import type { HandoffModel } from './handoff-model.js';

/** Options of {@link createReplyPoller} (tests control its timers with fake timers). */
export interface ReplyPollerOptions {
  handoff: Pick<HandoffModel, 'status' | 'poll'>;
  /** Whether anyone can see replies: the panel is open and the page visible. */
  active: ReadonlySignal<boolean>;
  /** Time between polls. Default 1,250 ms (a reply shows within 2 s with time to spare). */
  intervalMs?: number;
  /** Longest wait after failed polls (the wait doubles per failure). Default 30,000 ms. */
  maxBackoffMs?: number;
}

/** Stops a {@link createReplyPoller}. */
export interface ReplyPoller {
  destroy(): void;
}

/**
 * Polls for a person's replies while the conversation is in `handoff` and `active` is
 * true: at once when that starts (so replies that came while the panel was closed show
 * on opening), then every `intervalMs`; after a failure the wait doubles up to
 * `maxBackoffMs`. Never more than one poll at a time; nothing at all while closed,
 * hidden, or when a person no longer answers.
 *
 * @example
 * const poller = createReplyPoller({ handoff: chat.handoff, active: panelVisible });
 */
export function createReplyPoller(options: ReplyPollerOptions): ReplyPoller {
  const intervalMs = options.intervalMs ?? 1_250;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wanted = false;
  let polling = false;
  let failures = 0;

  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (ms: number): void => {
    cancel();
    timer = setTimeout(() => void tick(), ms);
  };

  async function tick(): Promise<void> {
    timer = undefined;
    if (!wanted || polling) return;
    polling = true;
    try {
      await options.handoff.poll();
      failures = 0;
    } catch {
      failures++;
    } finally {
      polling = false;
    }
    if (wanted)
      schedule(failures === 0 ? intervalMs : Math.min(intervalMs * 2 ** failures, maxBackoffMs));
  }

  const dispose = effect(() => {
    const next = options.active.value && options.handoff.status.value === 'handoff';
    if (next === wanted) return;
    wanted = next;
    if (!wanted) cancel();
    else if (!polling) schedule(0);
  });

  return {
    destroy() {
      dispose();
      wanted = false;
      cancel();
    },
  };
}

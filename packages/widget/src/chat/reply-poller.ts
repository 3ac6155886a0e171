import type { ConversationStatus } from '@agent-chat/protocol';
import { effect, type ReadonlySignal } from '@preact/signals';

/**
 * What {@link createReplyPoller} reads of a conversation's handoff (the chat model's
 * `handoff` is one): who answers it, whether a person is offered, and how to fetch replies.
 */
export interface PolledHandoff {
  /** `handoff` while a person answers. */
  readonly status: ReadonlySignal<ConversationStatus>;
  /** Whether the agent offers a person, who may take the conversation over. */
  readonly enabled: ReadonlySignal<boolean>;
  /** Fetches what arrived since the last poll; rejects when the poll failed. */
  poll(): Promise<void>;
}

/** Options of {@link createReplyPoller} (tests control its timers with fake timers). */
export interface ReplyPollerOptions {
  handoff: PolledHandoff;
  /** Whether anyone can see replies: the panel is open and the page visible. */
  active: ReadonlySignal<boolean>;
  /** Time between polls while a person answers. Default 1,250 ms (a reply shows within 2 s). */
  intervalMs?: number;
  /**
   * Time between polls while the AI answers and the agent offers a person, who may take the
   * conversation over from the console. Default 5,000 ms.
   */
  openIntervalMs?: number;
  /** Longest wait after failed polls (the wait doubles per failure). Default 30,000 ms. */
  maxBackoffMs?: number;
}

/** Stops a {@link createReplyPoller}. */
export interface ReplyPoller {
  destroy(): void;
}

/**
 * Polls for a person's replies while `active` is true and the conversation is in `handoff`
 * (every `intervalMs`) or the agent offers a person (every `openIntervalMs`: an operator may
 * take an open conversation over). Polls at once when that starts (so replies that came
 * while the panel was closed show on opening) and when a person starts answering; after a
 * failure the wait doubles up to `maxBackoffMs`. Never more than one poll at a time;
 * nothing at all while closed, hidden, or when no person can answer.
 *
 * @example
 * const poller = createReplyPoller({ handoff: chat.handoff, active: panelVisible });
 */
export function createReplyPoller(options: ReplyPollerOptions): ReplyPoller {
  const intervalMs = options.intervalMs ?? 1_250;
  const openIntervalMs = options.openIntervalMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const { status, enabled, poll } = options.handoff;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The current cadence; undefined while nothing is polled. */
  let wait: number | undefined;
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
    if (wait === undefined || polling) return;
    polling = true;
    try {
      await poll();
      failures = 0;
    } catch {
      failures++;
    } finally {
      polling = false;
    }
    if (wait !== undefined) schedule(Math.min(wait * 2 ** failures, maxBackoffMs));
  }

  const dispose = effect(() => {
    const next = !options.active.value
      ? undefined
      : status.value === 'handoff'
        ? intervalMs
        : enabled.value
          ? openIntervalMs
          : undefined;
    if (next === wait) return;
    const previous = wait;
    wait = next;
    if (next === undefined) cancel();
    // Starting, or a person now answers: at once. A hand-back: at the slower cadence.
    else if (!polling) schedule(previous === undefined || next < previous ? 0 : next);
  });

  return {
    destroy() {
      dispose();
      wait = undefined;
      cancel();
    },
  };
}

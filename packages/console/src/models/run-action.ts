import type { Signal } from '@preact/signals';
import { messageOf } from './session-model.js';

/** What a page shows of one action: whether it runs, and why it last failed. */
export interface ActionState {
  pending: Signal<boolean>;
  error: Signal<string | undefined>;
}

/**
 * Runs one action of a page (create, save, delete…) the way every action shows itself:
 * ignored while the same action still runs (a double click does nothing twice); `pending`
 * meanwhile; the last error cleared when it starts, and set to `<failed>: <why>` when it
 * fails. Resolves to whether `work` finished.
 *
 * @example
 * const saved = await runAction({ pending: saving, error: saveError }, 'The agent was not saved', () =>
 *   api.request('POST', 'api/agents', body),
 * );
 */
export async function runAction(
  state: ActionState,
  failed: string,
  work: () => Promise<unknown>,
): Promise<boolean> {
  if (state.pending.value) return false;
  state.pending.value = true;
  state.error.value = undefined;
  try {
    await work();
    return true;
  } catch (failure) {
    state.error.value = `${failed}: ${messageOf(failure)}`;
    return false;
  } finally {
    state.pending.value = false;
  }
}

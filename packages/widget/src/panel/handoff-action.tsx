import type { VNode } from 'preact';
import type { HandoffModel } from '../chat/index.js';
import type { HandoffStrings } from '../i18n/handoff-strings.js';

/** Props of {@link HandoffAction}. */
export interface HandoffActionProps {
  handoff: HandoffModel;
  strings: HandoffStrings;
  /** Called once the request is answered (the panel moves focus back to the message box). */
  onRequested: () => void;
}

/**
 * "Talk to a person": asks for a person for the current conversation. The panel shows it
 * when the agent offers handoff, the site has not hidden it (`data-handoff="false"`), a
 * conversation exists and no person answers it yet.
 */
export function HandoffAction({ handoff, strings, onRequested }: HandoffActionProps): VNode {
  return (
    <button
      type="button"
      class="tool event"
      disabled={handoff.pending.value}
      onClick={() => void handoff.request().then(onRequested)}
    >
      {strings.talkToPerson}
    </button>
  );
}

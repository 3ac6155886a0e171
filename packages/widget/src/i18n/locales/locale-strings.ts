import type { ContactStrings } from './contact-strings.js';
import type { ConversationsStrings } from './conversations-strings.js';
import type { HandoffStrings } from './handoff-strings.js';
import type { PanelStrings } from './panel-strings.js';

/**
 * One language's strings apart from the launcher's (which the loader keeps for every
 * language): the content of a file in `locales/`. The panel bundles English; each other
 * language is its own chunk, which the loader fetches alongside the panel when the page is
 * in that language.
 */
export type LocaleStrings = PanelStrings & HandoffStrings & ContactStrings & ConversationsStrings;

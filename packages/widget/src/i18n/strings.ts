import type { HandoffStrings } from './handoff-strings.js';
import { LAUNCHER_STRINGS, type LauncherStrings } from './launcher-strings.js';
import ar from './locales/ar.js';
import de from './locales/de.js';
import en from './locales/en.js';
import es from './locales/es.js';
import fr from './locales/fr.js';
import he from './locales/he.js';
import pt from './locales/pt.js';

/**
 * Every user-visible string of the panel. `{seconds}` in `errorRateLimited` is replaced by
 * the wait time.
 */
export interface PanelStrings {
  title: string;
  welcome: string;
  placeholder: string;
  messageLabel: string;
  send: string;
  stop: string;
  retry: string;
  copy: string;
  copied: string;
  copyCode: string;
  newConversation: string;
  sources: string;
  /** Accessible name of a citation link `[n]`; `{n}` and `{title}` are replaced. */
  citation: string;
  suggestions: string;
  you: string;
  assistant: string;
  stopped: string;
  errorUsageLimit: string;
  errorRateLimited: string;
  errorRateLimitedSoon: string;
  errorOffline: string;
  errorNetwork: string;
  errorServer: string;
  errorInterrupted: string;
  errorRejected: string;
  errorUnavailable: string;
  helpful: string;
  notHelpful: string;
  feedbackComment: string;
  sendFeedback: string;
}

/**
 * Every user-visible string of the widget. Any of them can be overridden with
 * `data-strings` (JSON), e.g. `{"send":"Go"}`.
 */
export type Strings = PanelStrings & LauncherStrings & HandoffStrings;

/**
 * One language's strings apart from the launcher's (which the loader keeps for every
 * language): the content of a file in `locales/`. The panel bundles English; each other
 * language is its own chunk, which the loader fetches alongside the panel when the page is
 * in that language.
 */
export type LocaleStrings = PanelStrings & HandoffStrings;

const locales: Readonly<Record<string, LocaleStrings>> = { en, fr, de, es, pt, ar, he };

/**
 * Built-in translations, by primary language subtag: every language at once, for code that
 * imports the package. The widget's pages never load this table (they load one language).
 */
export const STRINGS: Readonly<Record<string, Strings>> = Object.fromEntries(
  Object.entries(locales).map(([lang, strings]) => [
    lang,
    { ...strings, ...(LAUNCHER_STRINGS[lang] ?? LAUNCHER_STRINGS.en!) },
  ]),
);

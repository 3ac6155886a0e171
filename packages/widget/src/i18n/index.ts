/**
 * The widget's languages, as its pages use them: English (bundled into the panel), the
 * types of every string, the launcher's labels for every language (kept in the loader),
 * page overrides (`data-strings`), placeholders and text direction. Every other language
 * is a chunk of its own (`locales/<lang>.ts`, an entry of the build that the loader fetches
 * by URL), never imported from here. The table of every language at once is apart, in
 * `every-language.ts`: re-exported here it would put every locale in the panel's chunks.
 */
export { formatString } from './format-string.js';
export { languageDirection, primaryLanguage } from './language.js';
export { launcherStrings } from './launcher-label.js';
export type { LauncherStrings } from './launcher-strings.js';
export type { ConversationsStrings } from './locales/conversations-strings.js';
export { default as englishStrings } from './locales/en.js';
export type { HandoffStrings } from './locales/handoff-strings.js';
export type { LocaleStrings } from './locales/locale-strings.js';
export type { PanelStrings } from './locales/panel-strings.js';
export { overrideStrings } from './override-strings.js';
export type { Strings } from './strings.js';

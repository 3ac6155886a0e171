import { LAUNCHER_STRINGS, type LauncherStrings } from './launcher-strings.js';
import ar from './locales/ar.js';
import de from './locales/de.js';
import en from './locales/en.js';
import es from './locales/es.js';
import fr from './locales/fr.js';
import he from './locales/he.js';
import type { LocaleStrings } from './locales/locale-strings.js';
import pt from './locales/pt.js';

/**
 * Every user-visible string of the widget. Any of them can be overridden with
 * `data-strings` (JSON), e.g. `{"send":"Go"}`.
 */
export type Strings = LocaleStrings & LauncherStrings;

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

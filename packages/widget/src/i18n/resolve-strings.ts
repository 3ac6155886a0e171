import { primaryLanguage } from './language.js';
import { overrideStrings } from './override-strings.js';
import { STRINGS, type Strings } from './strings.js';

/**
 * The strings for a language (falling back to English), with overrides applied. Overrides
 * that are not strings are ignored. It holds every language; the widget's panel instead gets
 * its page's language from the loader (see `mount-panel.tsx`).
 */
export function resolveStrings(lang: string, overrides: Partial<Strings> = {}): Strings {
  return overrideStrings(STRINGS[primaryLanguage(lang)] ?? STRINGS.en!, overrides);
}

import { primaryLanguage } from './language.js';
import { LAUNCHER_STRINGS, type LauncherStrings } from './launcher-strings.js';

/** The launcher's labels for a language (English fallback), with overrides applied. */
export function launcherStrings(
  lang: string,
  overrides: Partial<LauncherStrings>,
): LauncherStrings {
  const language = primaryLanguage(lang);
  const base = LAUNCHER_STRINGS[Object.hasOwn(LAUNCHER_STRINGS, language) ? language : 'en']!;
  // Every label the language has, each replaced by a string override.
  return Object.fromEntries(
    Object.entries(base).map(([key, label]) => {
      const override = overrides[key as keyof LauncherStrings];
      return [key, typeof override === 'string' ? override : label];
    }),
  ) as LauncherStrings;
}

import { primaryLanguage } from './language.js';
import { LAUNCHER_STRINGS, type LauncherStrings } from './launcher-strings.js';

/** The launcher's labels for a language (English fallback), with overrides applied. */
export function launcherStrings(
  lang: string,
  overrides: Partial<LauncherStrings>,
): LauncherStrings {
  const language = primaryLanguage(lang);
  const base = LAUNCHER_STRINGS[Object.hasOwn(LAUNCHER_STRINGS, language) ? language : 'en']!;
  return {
    openChat: typeof overrides.openChat === 'string' ? overrides.openChat : base.openChat,
    closeChat: typeof overrides.closeChat === 'string' ? overrides.closeChat : base.closeChat,
    closeGreeting:
      typeof overrides.closeGreeting === 'string' ? overrides.closeGreeting : base.closeGreeting,
  };
}

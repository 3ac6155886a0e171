import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatString } from './format-string.js';
import { languageDirection } from './language.js';
import { LAUNCHER_STRINGS } from './launcher-strings.js';
import { resolveStrings } from './resolve-strings.js';
import { STRINGS } from './strings.js';

describe('resolveStrings', () => {
  it('has every string in every built-in language', () => {
    const keys = Object.keys(STRINGS.en!).sort();
    for (const lang of ['en', 'fr', 'de', 'es', 'pt', 'ar', 'he']) {
      const strings = STRINGS[lang]!;
      expect(Object.keys(strings).sort()).toEqual(keys);
      for (const value of Object.values(strings)) expect(value.trim()).not.toBe('');
      expect(strings.errorRateLimited).toContain('{seconds}');
      expect(strings.contactSent).toContain('{email}');
    }
  });

  it('knows the same languages in locales/ (the build makes their chunks), STRINGS and the launcher', () => {
    // A language's file is named by its subtag alone (the build's rule); the shared
    // types beside them (`locale-strings.ts`, …) are kebab-case.
    const files = readdirSync(join(import.meta.dirname, 'locales'))
      .filter((name) => /^[a-z]+\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(files).toEqual(['ar', 'de', 'en', 'es', 'fr', 'he', 'pt']);
    expect(Object.keys(STRINGS).sort()).toEqual(files);
    expect(Object.keys(LAUNCHER_STRINGS).sort()).toEqual(files);
  });

  it('matches region tags to their language and falls back to English', () => {
    expect(resolveStrings('pt-BR').send).toBe('Enviar');
    expect(resolveStrings('DE').send).toBe('Senden');
    expect(resolveStrings('ja').send).toBe('Send');
  });

  it('applies string overrides', () => {
    const strings = resolveStrings('fr', { send: 'Go', openChat: 'Aide', title: 42 as never });
    expect(strings).toMatchObject({ send: 'Go', openChat: 'Aide', title: 'Discussion' });
  });

  it('formats placeholders and knows right-to-left languages', () => {
    expect(formatString('Wait {seconds} s ({other})', { seconds: 5 })).toBe('Wait 5 s ({other})');
    expect(languageDirection('ar')).toBe('rtl');
    expect(languageDirection('he-IL')).toBe('rtl');
    expect(languageDirection('fr')).toBe('ltr');
  });
});

import { primaryLanguage } from './language.js';
import { STRINGS, type Strings } from './strings.js';

/**
 * The strings for a language (falling back to English), with overrides applied. Overrides
 * that are not strings are ignored.
 */
export function resolveStrings(lang: string, overrides: Partial<Strings> = {}): Strings {
  const base = STRINGS[primaryLanguage(lang)] ?? STRINGS.en!;
  const result: Strings = { ...base };
  for (const key of Object.keys(base) as (keyof Strings)[]) {
    const value = overrides[key];
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

/** Replaces `{name}` placeholders in a string. */
export function formatString(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

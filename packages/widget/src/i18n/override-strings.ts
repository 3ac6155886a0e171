import type { Strings } from './strings.js';

/**
 * A language's strings with the page's overrides (`data-strings`) applied: only the keys the
 * base has, only string values; anything else is ignored.
 */
export function overrideStrings(base: Strings, overrides: Partial<Strings> = {}): Strings {
  const result: Strings = { ...base };
  for (const key of Object.keys(base) as (keyof Strings)[]) {
    const value = overrides[key];
    if (typeof value === 'string') result[key] = value;
  }
  return result;
}

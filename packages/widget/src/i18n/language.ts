/** Languages written right to left, by primary subtag. */
const rtlLanguages = new Set(['ar', 'he', 'fa', 'ur']);

/** The primary subtag of a BCP 47 tag, lower-cased: `pt-BR` → `pt`. */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() || 'en';
}

/** Text direction of a language tag. */
export function languageDirection(tag: string): 'ltr' | 'rtl' {
  return rtlLanguages.has(primaryLanguage(tag)) ? 'rtl' : 'ltr';
}

/**
 * Characters the API refuses in text a person types (the query): C0 control characters
 * other than tab, line feed and carriage return, and DEL. They carry no meaning in a
 * question, can rewrite a terminal or a log viewer (`\u001b[…`), and NUL cannot be stored
 * at all (Postgres text). Tab and line breaks stay allowed: questions have paragraphs.
 */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * The first character of `text` the API refuses in typed text, as a `\uXXXX` escape (safe
 * to quote in an error message), or `undefined` when there is none. One regular
 * expression test, cheap enough for every query.
 *
 * @example
 * findForbiddenCharacter('hi\u0000'); // '\\u0000'
 */
export function findForbiddenCharacter(text: string): string | undefined {
  const match = FORBIDDEN_CHARACTER.exec(text);
  if (!match) return undefined;
  return `\\u${match[0].charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Whether `text` holds a NUL character (`\u0000`), which no stored text may hold
 * (Postgres text cannot). Services refuse it in every stored field, not only typed text.
 */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

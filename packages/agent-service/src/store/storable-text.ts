/**
 * Text as Postgres stores it: no NUL (text cannot hold it, and it carries no meaning in a
 * document anyway), and a lone surrogate (JSON can carry one, UTF-8 cannot) as U+FFFD.
 * Returns the same string when there is nothing to change.
 *
 * @example
 * storableText('a\u0000b\uD800') // 'ab\uFFFD'
 */
export function storableText(text: string): string {
  if (!/[\u0000\uD800-\uDFFF]/.test(text)) return text;
  return text
    .replace(/\u0000/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

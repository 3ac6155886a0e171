/** An inline code span: backticks around text on one line. */
const INLINE_CODE = /`([^`\n]+)`/g;

/**
 * The contents of a text's inline code spans, in order.
 *
 * @example
 * inlineCodeOf('Set `"allow"` or `allowAfterThis`.') // ['"allow"', 'allowAfterThis']
 */
export function inlineCodeOf(text: string): string[] {
  return Array.from(text.matchAll(INLINE_CODE), (match) => match[1] as string);
}

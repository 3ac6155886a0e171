import { markdownBlocks } from '../markdown/index.js';

/**
 * Whether a Markdown answer leaves a fenced code block open: a fence that no later line
 * closes, read as the chunker reads Markdown (`markdownBlocks`: the same character, at
 * least as many, nothing after it but spaces). A reader then sees the rest of the answer
 * as code. `"``` [2]"` does not close a block: a citation put on the closing fence's line
 * is the usual way to break one.
 *
 * @example
 * leavesCodeBlockOpen('```js\na()\n```\n[1]') // false
 * leavesCodeBlockOpen('```js\na()\n``` [1]') // true
 */
export function leavesCodeBlockOpen(markdown: string): boolean {
  for (const block of markdownBlocks(markdown)) {
    if (block.kind === 'code' && !block.closed) return true;
  }
  return false;
}

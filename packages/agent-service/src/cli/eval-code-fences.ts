/** A fence line: three or more backticks or tildes, then the rest (an info string, or nothing). */
const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;

/**
 * Whether a Markdown answer leaves a fenced code block open: a fence that no later line
 * closes (the same character, at least as many, nothing after it but spaces). A reader then
 * sees the rest of the answer as code. `"``` [2]"` does not close a block: a citation put on
 * the closing fence's line is the usual way to break one.
 *
 * @example
 * leavesCodeBlockOpen('```js\na()\n```\n[1]') // false
 * leavesCodeBlockOpen('```js\na()\n``` [1]') // true
 */
export function leavesCodeBlockOpen(markdown: string): boolean {
  let open: string | undefined;
  for (const line of markdown.split('\n')) {
    const fence = FENCE.exec(line);
    if (!fence) continue;
    const marks = fence[1] as string;
    const rest = (fence[2] as string).trim();
    if (open === undefined) {
      // A backtick fence's info string holds no backtick (CommonMark): else it is inline code.
      if (!(marks.startsWith('`') && rest.includes('`'))) open = marks;
    } else if (rest === '' && marks[0] === open[0] && marks.length >= open.length) {
      open = undefined;
    }
  }
  return open !== undefined;
}

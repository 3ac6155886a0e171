import type { MarkdownBlock } from './markdown-blocks.js';

/**
 * Where to cut a text that is longer than `limit`: after the last sentence end in the
 * window, else at its last line break, else at its last space — each only when it keeps
 * at least a quarter of the window — else exactly at `limit` (a hostile single "word").
 * Scans the window only, so cutting a long text costs linear time overall.
 */
function cutPoint(text: string, from: number, limit: number): number {
  const end = from + limit;
  // Search a copy of the window: lastIndexOf on the whole text would scan back to its start.
  const window = text.slice(from, end);
  const floor = Math.floor(limit / 4);
  for (const separator of ['. ', '? ', '! ', '\n', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at >= floor) return from + at + separator.length;
  }
  // Never cut a UTF-16 surrogate pair in half.
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** Cuts text into pieces of at most `limit` characters at the best boundaries available. */
export function splitText(text: string, limit: number): string[] {
  const pieces: string[] = [];
  let from = 0;
  while (text.length - from > limit) {
    const at = cutPoint(text, from, limit);
    const piece = text.slice(from, at).trim();
    if (piece) pieces.push(piece);
    from = at;
    while (from < text.length && /\s/.test(text.charAt(from))) from++;
  }
  const rest = text.slice(from).trim();
  if (rest) pieces.push(rest);
  return pieces;
}

// Groups lines into runs whose joined length (with `fixed` extra characters each) fits
// `limit`; a line longer than that on its own is cut with splitText.
function groupLines(lines: readonly string[], fixed: number, limit: number): string[][] {
  const room = Math.max(limit - fixed, 16);
  const groups: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines) {
    const parts = line.length > room ? splitText(line, room) : [line];
    for (const part of parts) {
      if (current.length > 0 && length + part.length + 1 > room) {
        groups.push(current);
        current = [];
        length = 0;
      }
      current.push(part);
      length += part.length + 1;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Splits a block that does not fit in one chunk into pieces of at most `limit`
 * characters that each still read as Markdown: code between lines, every piece fenced
 * again with the opening fence (language kept); a table between rows, every piece with
 * the header and delimiter rows; text at sentence, line or word boundaries.
 */
export function splitBlock(block: MarkdownBlock, limit: number): string[] {
  if (block.text.length <= limit) return [block.text];
  if (block.kind === 'code') {
    const opening = `${block.fence}${block.info}`;
    const fixed = opening.length + block.fence.length + 2;
    return groupLines(block.lines, fixed, limit).map((lines) =>
      [opening, ...lines, block.fence].join('\n'),
    );
  }
  if (block.kind === 'table') {
    const [header = '', delimiter = '', ...body] = block.rows;
    const head = `${header}\n${delimiter}`;
    if (head.length > limit / 2) return splitText(block.text, limit);
    return groupLines(body, head.length + 1, limit).map((rows) => [head, ...rows].join('\n'));
  }
  return splitText(block.text, limit);
}

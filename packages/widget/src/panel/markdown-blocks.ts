/** A parsed block of Markdown. Text fields hold inline Markdown. */
export type MarkdownBlock =
  | { type: 'code'; lang: string; code: string }
  | { type: 'heading'; level: number; text: string }
  | { type: 'rule' }
  | { type: 'quote'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: string[] }
  | { type: 'paragraph'; text: string };

const fencePattern = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const headingPattern = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const rulePattern = /^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/;
const listItemPattern = /^ {0,3}([-*+]|(\d{1,9})[.)])[ \t]+(.*)$/;
const quotePattern = /^ {0,3}> ?(.*)$/;

function isClosingFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= fence.length && trimmed === fence[0]!.repeat(trimmed.length);
}

/**
 * Splits Markdown into the raw text of its blocks (paragraphs, fenced code, headings, rules,
 * lists, quotes). Finished blocks keep the same text as more is appended, so a renderer
 * that memoises per block only re-parses the last one while an answer streams.
 */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let currentKind: 'list' | 'quote' | 'paragraph' | undefined;
  let fence: string | undefined;
  const flush = (): void => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
    currentKind = undefined;
  };
  for (const line of markdown.split(/\r\n?|\n/)) {
    if (fence !== undefined) {
      current.push(line);
      if (isClosingFence(line, fence)) {
        flush();
        fence = undefined;
      }
      continue;
    }
    const opening = fencePattern.exec(line);
    if (opening) {
      flush();
      fence = opening[1]!;
      current.push(line);
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    if (headingPattern.test(line) || rulePattern.test(line)) {
      flush();
      blocks.push(line);
      continue;
    }
    const kind = listItemPattern.test(line)
      ? 'list'
      : quotePattern.test(line)
        ? 'quote'
        : 'paragraph';
    // A list item or quote interrupts a paragraph; lines inside a list continue its item.
    if (currentKind !== undefined && kind !== currentKind && kind !== 'paragraph') flush();
    currentKind ??= kind;
    current.push(line);
  }
  flush();
  return blocks;
}

/** Parses the raw text of one block (as returned by {@link splitBlocks}). */
export function parseBlock(raw: string): MarkdownBlock {
  const lines = raw.split('\n');
  const first = lines[0] ?? '';
  const opening = fencePattern.exec(first);
  if (opening) {
    const fence = opening[1]!;
    const body = lines.slice(1);
    if (body.length > 0 && isClosingFence(body[body.length - 1]!, fence)) body.pop();
    return { type: 'code', lang: opening[2]!.trim().split(/\s/)[0] ?? '', code: body.join('\n') };
  }
  const heading = headingPattern.exec(first);
  if (heading && lines.length === 1) {
    return { type: 'heading', level: heading[1]!.length, text: heading[2]! };
  }
  if (rulePattern.test(first) && lines.length === 1) return { type: 'rule' };
  const item = listItemPattern.exec(first);
  if (item) {
    const items: string[] = [];
    for (const line of lines) {
      const next = listItemPattern.exec(line);
      if (next) items.push(next[3]!);
      else items[items.length - 1] += `\n${line.trim()}`;
    }
    const start = item[2] === undefined ? 1 : Number(item[2]);
    return { type: 'list', ordered: item[2] !== undefined, start, items };
  }
  if (quotePattern.test(first)) {
    return {
      type: 'quote',
      text: lines.map((line) => quotePattern.exec(line)?.[1] ?? line).join('\n'),
    };
  }
  return { type: 'paragraph', text: raw };
}

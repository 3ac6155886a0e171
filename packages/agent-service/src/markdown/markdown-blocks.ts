/**
 * A structural block of a Markdown document, as the chunker sees it: a heading, a fenced
 * code block, a table, or a run of other lines (paragraph, list, quote) ended by a blank
 * line.
 */
export type MarkdownBlock =
  | { kind: 'heading'; level: number; text: string; anchor?: string }
  | {
      kind: 'code';
      text: string;
      fence: string;
      info: string;
      lines: string[];
      /** False when no line closes the fence: the block runs to the document's end. */
      closed: boolean;
    }
  | { kind: 'table'; text: string; rows: string[] }
  | { kind: 'text'; text: string };

/** A parsed ATX heading line. */
export interface HeadingLine {
  level: number;
  /** The heading's text, without `#` marks, a closing sequence or a `{#id}` attribute. */
  text: string;
  /** The id given as a trailing `{#id}` (how the HTML loader keeps heading ids). */
  anchor?: string;
}

const markdownEscape = /\\([!-/:-@[-`{-~])/g;

function headingContent(raw: string): { text: string; anchor?: string } {
  let text = raw.trim();
  let anchor: string | undefined;
  if (text.endsWith('}')) {
    const open = text.lastIndexOf('{#');
    const id = open >= 0 ? text.slice(open + 2, -1) : '';
    if (id && !/[\s{}]/.test(id)) {
      // Markdown writers escape an id's `_` and `*` as text (`{#\_top}`): the id is `_top`.
      anchor = id.replace(markdownEscape, '$1');
      text = text.slice(0, open).trimEnd();
    }
  }
  text = text.replace(markdownEscape, '$1');
  return anchor === undefined ? { text } : { text, anchor };
}

/**
 * Parses an ATX heading (`## Install {#install}`), or returns `undefined` for any other
 * line. Written as a scan rather than one regular expression so that a hostile line (a
 * `#` followed by a million spaces) costs linear time.
 */
export function parseHeadingLine(line: string): HeadingLine | undefined {
  let start = 0;
  while (start < 3 && line.charCodeAt(start) === 32) start++;
  let level = 0;
  while (line.charCodeAt(start + level) === 35) level++;
  if (level < 1 || level > 6) return undefined;
  const after = line.charCodeAt(start + level);
  if (!Number.isNaN(after) && after !== 32 && after !== 9) return undefined;
  let raw = line.slice(start + level).trim();
  let end = raw.length;
  while (end > 0 && raw.charCodeAt(end - 1) === 35) end--;
  if (end === 0) raw = '';
  else if (end < raw.length && /[ \t]/.test(raw.charAt(end - 1))) raw = raw.slice(0, end);
  return { level, ...headingContent(raw) };
}

/** The fence a line opens (`` ``` ``, `~~~~`) with its info string, or `undefined`. */
export function openingFence(line: string): { fence: string; info: string } | undefined {
  let start = 0;
  while (start < 3 && line.charCodeAt(start) === 32) start++;
  const marker = line.charAt(start);
  if (marker !== '`' && marker !== '~') return undefined;
  let length = 0;
  while (line.charAt(start + length) === marker) length++;
  if (length < 3) return undefined;
  const info = line.slice(start + length).trim();
  if (marker === '`' && info.includes('`')) return undefined;
  return { fence: marker.repeat(length), info };
}

/** Whether a line closes a code block opened by `fence`. */
export function closesFence(line: string, fence: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length || line.length - line.trimStart().length > 3) return false;
  for (let index = 0; index < trimmed.length; index++) {
    if (trimmed.charAt(index) !== fence.charAt(0)) return false;
  }
  return true;
}

/** Whether a line is a table's delimiter row (`|---|:--:|`), the line after its header. */
export function isTableDelimiter(line: string): boolean {
  return line.includes('-') && line.includes('|') && /^[\s|:-]+$/.test(line);
}

function setextLevel(line: string): number | undefined {
  const trimmed = line.trim();
  if (line.length - line.trimStart().length > 3 || trimmed === '') return undefined;
  if (/^=+$/.test(trimmed)) return 1;
  if (/^-+$/.test(trimmed)) return 2;
  return undefined;
}

function isThematicBreak(line: string): boolean {
  const first = line.trimStart().charAt(0);
  if (first !== '-' && first !== '*' && first !== '_') return false;
  const compact = line.replace(/[ \t]/g, '');
  return compact.length >= 3 && /^(?:-+|\*+|_+)$/.test(compact);
}

/**
 * Removes closed HTML comments (`<!-- badges -->`, TOC markers) from a text block, with an
 * indexOf scan (linear, however many comments); an unclosed `<!--` is kept as text.
 */
export function stripHtmlComments(text: string): string {
  let start = text.indexOf('<!--');
  if (start < 0) return text;
  let kept = '';
  let from = 0;
  while (start >= 0) {
    const end = text.indexOf('-->', start + 4);
    if (end < 0) break;
    kept += text.slice(from, start);
    from = end + 3;
    start = text.indexOf('<!--', from);
  }
  return kept + text.slice(from);
}

/**
 * Splits Markdown into {@link MarkdownBlock}s in one pass over its lines (linear time, no
 * backtracking regular expressions): fenced code is kept whole, blank lines inside it
 * included (an unclosed fence runs to the end); a table is its header, delimiter and
 * body rows; ATX and one-line setext headings become heading blocks; thematic breaks are
 * dropped; other lines group into blocks ended by a blank line, without their HTML
 * comments.
 */
export function* markdownBlocks(markdown: string): Generator<MarkdownBlock> {
  const lines = markdown.split('\n');
  let paragraph: string[] = [];
  const flushParagraph = function* (): Generator<MarkdownBlock> {
    const text = stripHtmlComments(paragraph.join('\n')).trim();
    paragraph = [];
    if (text) yield { kind: 'text', text };
  };
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const fence = openingFence(line);
    if (fence) {
      yield* flushParagraph();
      const body: string[] = [];
      index++;
      while (index < lines.length && !closesFence(lines[index] ?? '', fence.fence)) {
        body.push(lines[index] ?? '');
        index++;
      }
      const closed = index < lines.length;
      index++;
      const opening = `${fence.fence}${fence.info}`;
      yield {
        kind: 'code',
        text: [opening, ...body, fence.fence].join('\n'),
        fence: fence.fence,
        info: fence.info,
        lines: body,
        closed,
      };
      continue;
    }
    const heading = parseHeadingLine(line);
    if (heading) {
      yield* flushParagraph();
      yield { kind: 'heading', ...heading };
      index++;
      continue;
    }
    if (line.includes('|') && isTableDelimiter(lines[index + 1] ?? '')) {
      yield* flushParagraph();
      const rows = [line.trim(), (lines[index + 1] ?? '').trim()];
      index += 2;
      while (index < lines.length && (lines[index] ?? '').includes('|')) {
        rows.push((lines[index] ?? '').trim());
        index++;
      }
      yield { kind: 'table', text: rows.join('\n'), rows };
      continue;
    }
    if (line.trim() === '') {
      yield* flushParagraph();
      index++;
      continue;
    }
    const level = paragraph.length === 1 ? setextLevel(line) : undefined;
    if (level !== undefined) {
      yield { kind: 'heading', level, ...headingContent(paragraph[0] ?? '') };
      paragraph = [];
      index++;
      continue;
    }
    if (paragraph.length === 0 && isThematicBreak(line)) {
      index++;
      continue;
    }
    paragraph.push(line);
    index++;
  }
  yield* flushParagraph();
}

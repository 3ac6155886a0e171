import { extractTextItems, getDocumentProxy, getMeta } from 'unpdf';
import { hasWords } from './decode-text.js';
import { DocumentLoadError } from './document-load-error.js';
import type { FormatResult } from './format-result.js';

/** One positioned run of text on a PDF page (what pdf.js reports). */
interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
  hasEOL: boolean;
}

interface Line {
  text: string;
  y: number;
  fontSize: number;
}

// Items → lines: a new line starts after an end-of-line mark or when the baseline moves by
// more than half the font size; a visible gap between items on a line becomes a space.
function linesOf(items: readonly TextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  let endX = 0;
  let ended = true;
  for (const item of items) {
    const size = Math.abs(item.fontSize) || 1;
    if (current && !ended && Math.abs(item.y - current.y) > size / 2) ended = true;
    if (!current || ended) {
      if (current?.text.trim()) lines.push(current);
      current = { text: '', y: item.y, fontSize: 0 };
      endX = item.x;
    }
    const gap = item.x - endX;
    if (current.text && gap > size * 0.15 && !/\s$/.test(current.text) && !/^\s/.test(item.str)) {
      current.text += ' ';
    }
    current.text += item.str;
    if (item.str.trim()) current.fontSize = Math.max(current.fontSize, size);
    endX = item.x + item.width;
    ended = item.hasEOL;
  }
  if (current?.text.trim()) lines.push(current);
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }));
}

// The body text size: the font size that carries the most characters in the document.
function bodySize(pages: readonly Line[][]): number {
  const weights = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.fontSize * 2) / 2;
    weights.set(size, (weights.get(size) ?? 0) + line.text.length);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, weight] of weights) {
    if (weight > bestWeight) [best, bestWeight] = [size, weight];
  }
  return best || 10;
}

// Markdown that the chunker must not misread: a line of PDF text starting with "#", a
// fence or a table pipe is text, not syntax.
function escapeLine(text: string): string {
  return /^(#|```|~~~|\|)/.test(text) ? `\\${text}` : text;
}

/**
 * One page as Markdown: lines clearly larger than the body text (≥ 1.3×, short, with
 * letters) become headings, levelled by size (largest `#`); lines join into paragraphs,
 * a vertical gap over 1.5 line heights starts a new one; a word hyphenated at a line end
 * is joined again.
 */
function pageMarkdown(lines: readonly Line[], headingLevels: ReadonlyMap<number, number>): string {
  const blocks: string[] = [];
  let paragraph = '';
  let previous: Line | undefined;
  const flush = () => {
    if (paragraph) blocks.push(paragraph);
    paragraph = '';
  };
  for (const line of lines) {
    const level = headingLevels.get(Math.round(line.fontSize * 2) / 2);
    if (level !== undefined && line.text.length <= 120 && hasWords(line.text)) {
      flush();
      blocks.push(`${'#'.repeat(level)} ${line.text}`);
      previous = undefined;
      continue;
    }
    const gap = previous ? previous.y - line.y : 0;
    if (previous && (gap > previous.fontSize * 1.5 || gap < 0)) flush();
    if (!paragraph) paragraph = escapeLine(line.text);
    else if (/\p{L}-$/u.test(paragraph) && /^\p{Ll}/u.test(line.text)) {
      paragraph = paragraph.slice(0, -1) + line.text;
    } else paragraph += ` ${line.text}`;
    previous = line;
  }
  flush();
  return blocks.join('\n\n');
}

function headingLevelsOf(pages: readonly Line[][], body: number): Map<number, number> {
  const sizes = new Set<number>();
  for (const line of pages.flat()) {
    const size = Math.round(line.fontSize * 2) / 2;
    if (size >= body * 1.3 && line.text.length <= 120) sizes.add(size);
  }
  const ordered = [...sizes].sort((a, b) => b - a).slice(0, 6);
  return new Map(ordered.map((size, index) => [size, index + 1]));
}

function loadFailure(error: unknown): DocumentLoadError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new DocumentLoadError(
      'ENCRYPTED_DOCUMENT',
      'The PDF is protected by a password: save a copy without the password and upload that.',
      { cause: error },
    );
  }
  return new DocumentLoadError(
    'CORRUPT_DOCUMENT',
    name === 'InvalidPDFException'
      ? 'The file is not a valid PDF (it may be damaged or incomplete).'
      : `The PDF could not be read: ${error instanceof Error ? error.message : String(error)}.`,
    { cause: error },
  );
}

/**
 * Reads a PDF with pdf.js (through unpdf's build for servers: no canvas, no worker
 * thread): the text of every page as Markdown (paragraphs rebuilt from positioned text,
 * larger lines as headings), the page count, and the title from the document information
 * (else the first heading). A password-protected PDF fails with `ENCRYPTED_DOCUMENT`, a
 * damaged one with `CORRUPT_DOCUMENT`, one without text (scanned images) with
 * `EMPTY_DOCUMENT`.
 */
export async function loadPdf(bytes: Uint8Array): Promise<FormatResult> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
    });
  } catch (error) {
    throw loadFailure(error);
  }
  try {
    const { totalPages, items } = await extractTextItems(pdf).catch((error: unknown) => {
      throw loadFailure(error);
    });
    const info = await getMeta(pdf)
      .then((meta) => meta.info)
      .catch(() => ({}) as Record<string, unknown>);
    const pageLines = items.map((pageItems) => linesOf(pageItems as TextItem[]));
    const levels = headingLevelsOf(pageLines, bodySize(pageLines));
    const pages = pageLines.map((lines, index) => ({
      pageNumber: index + 1,
      markdown: pageMarkdown(lines, levels),
    }));
    const markdown = pages.map((page) => page.markdown).join('\n\n');
    if (!hasWords(markdown)) {
      throw new DocumentLoadError(
        'EMPTY_DOCUMENT',
        `The PDF has no text to read (${totalPages} page${totalPages === 1 ? '' : 's'}; scanned pages would need OCR, which is not supported).`,
      );
    }
    const infoTitle = typeof info.Title === 'string' ? info.Title.trim() : '';
    const heading = /^#{1,6} (.+)$/m.exec(markdown)?.[1];
    return { title: infoTitle || heading, markdown, pages, totalPages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

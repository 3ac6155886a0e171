import { TITLE_SEPARATOR } from '../../lexical-index/index.js';
import { type MarkdownBlock, markdownBlocks, splitBlock, splitText } from '../../markdown/index.js';
import { type LoadedDocument, startsWithWords } from '../loaders/index.js';
import { createHeadingSlugger } from './heading-slugs.js';

/** A piece of a document that is indexed and retrieved on its own. */
export interface DocumentChunk {
  /** The document title and the heading path, e.g. `Guide › Install › Linux`. */
  title: string;
  /** The chunk's Markdown: whole paragraphs, lists, code blocks and tables where they fit. */
  content: string;
  /**
   * The id of the nearest heading (of the path, deepest first) that has one, which the
   * chunk's source links to (`page#anchor`): an HTML heading's id, or for Markdown the
   * slug GitHub and most site generators give the heading (or its `{#id}`).
   */
  anchor?: string;
  /** The PDF page the chunk comes from (1-based). */
  pageNumber?: number;
}

/** Sizes of {@link chunkDocument}'s chunks. */
export interface ChunkOptions {
  /**
   * Largest chunk, in characters (default 1 200, at least 100). A code block or table up
   * to twice this size stays whole in a chunk of its own; larger ones are split between
   * lines (rows).
   */
  maxCharacters?: number;
  /**
   * When a section is longer than one chunk, each following chunk of it starts with up to
   * this many characters from the end of the previous one, cut at a word boundary
   * (default 0: retrieval here is lexical and quotes whole paragraphs, so repeated text
   * would only repeat hits; at most half of `maxCharacters`).
   */
  overlapCharacters?: number;
}

const defaultMaxCharacters = 1_200;

interface Heading {
  level: number;
  text: string;
  anchor?: string;
}

interface ChunkState {
  readonly documentTitle: string;
  readonly maxCharacters: number;
  readonly overlapCharacters: number;
  readonly chunks: DocumentChunk[];
  /** Ids for headings that have none (Markdown documents only). */
  readonly slug: ((heading: string) => string | undefined) | undefined;
  headings: Heading[];
  pending: string[];
  pendingLength: number;
  /** The last text piece flushed, whose tail may start the next chunk of the same section. */
  carry: string;
}

/** Whitespace as one plain space: DocBook numbers headings with a no-break space ("8.3.&nbsp;Types"). */
const plainSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

function titleOf(state: ChunkState): string {
  const path = state.headings.map((heading) => plainSpaces(heading.text)).filter(Boolean);
  const documentTitle = plainSpaces(state.documentTitle);
  const first = path[0]?.toLowerCase();
  const title = documentTitle.toLowerCase();
  // The page's own heading, or its <h1> with a badge's text after the title ("coverage root").
  if (
    first !== undefined &&
    (title.includes(first) || (state.headings[0]?.level === 1 && startsWithWords(first, title)))
  ) {
    path.shift();
  }
  return [documentTitle, ...path].filter(Boolean).join(TITLE_SEPARATOR) || 'Untitled';
}

function tailOf(text: string, length: number): string {
  if (length <= 0 || text.length <= length) return length <= 0 ? '' : text;
  const tail = text.slice(text.length - length);
  const space = tail.search(/\s/);
  return space < 0 ? '' : tail.slice(space + 1);
}

function flush(state: ChunkState, pageNumber: number | undefined, sectionContinues: boolean) {
  const content = state.pending.join('\n\n').trim();
  state.pending = [];
  state.pendingLength = 0;
  if (content) {
    const chunk: DocumentChunk = { title: titleOf(state), content };
    const anchor = state.headings.findLast((heading) => heading.anchor)?.anchor;
    if (anchor !== undefined) chunk.anchor = anchor;
    if (pageNumber !== undefined) chunk.pageNumber = pageNumber;
    state.chunks.push(chunk);
  }
  if (sectionContinues && state.carry) {
    const overlap = tailOf(state.carry, state.overlapCharacters);
    if (overlap) {
      state.pending.push(overlap);
      state.pendingLength = overlap.length;
    }
  }
  state.carry = '';
}

function add(state: ChunkState, piece: string, kind: MarkdownBlock['kind'], page?: number) {
  if (state.pendingLength > 0 && state.pendingLength + 2 + piece.length > state.maxCharacters) {
    flush(state, page, true);
    // An overlap that would push this piece over the limit is dropped rather than kept.
    if (state.pendingLength > 0 && state.pendingLength + 2 + piece.length > state.maxCharacters) {
      state.pending = [];
      state.pendingLength = 0;
    }
  }
  state.pending.push(piece);
  state.pendingLength += piece.length + (state.pending.length > 1 ? 2 : 0);
  state.carry = kind === 'text' ? piece : '';
}

function addBlocks(state: ChunkState, markdown: string, pageNumber: number | undefined) {
  for (const block of markdownBlocks(markdown)) {
    if (block.kind === 'heading') {
      flush(state, pageNumber, false);
      while ((state.headings.at(-1)?.level ?? 0) >= block.level) state.headings.pop();
      const heading: Heading = { level: block.level, text: block.text };
      const anchor = block.anchor ?? state.slug?.(block.text);
      if (anchor !== undefined) heading.anchor = anchor;
      state.headings.push(heading);
      continue;
    }
    const wholeLimit = block.kind === 'text' ? state.maxCharacters : state.maxCharacters * 2;
    if (block.text.length > state.maxCharacters && block.text.length <= wholeLimit) {
      // A code block or table that fits in a chunk of its own stays whole.
      flush(state, pageNumber, false);
      add(state, block.text, block.kind, pageNumber);
      flush(state, pageNumber, false);
      continue;
    }
    for (const piece of splitBlock(block, state.maxCharacters)) {
      add(state, piece, block.kind, pageNumber);
    }
  }
  flush(state, pageNumber, false);
}

function resolveOptions(options: ChunkOptions): { maxCharacters: number; overlap: number } {
  const maxCharacters = Math.max(100, Math.floor(options.maxCharacters ?? defaultMaxCharacters));
  const overlap = Math.min(
    Math.max(0, Math.floor(options.overlapCharacters ?? 0)),
    Math.floor(maxCharacters / 2),
  );
  return { maxCharacters, overlap };
}

/**
 * Splits a loaded document into chunks that follow its structure: a chunk never spans
 * two sections (headings start new chunks, and the heading path becomes the chunk's
 * title), holds whole paragraphs, list blocks, code blocks and tables while they fit, and
 * is at most `maxCharacters` long (but for a code block or table up to twice that, kept
 * whole). A PDF is chunked page by page (the heading path carries over page breaks) and
 * each chunk carries its `pageNumber`. Each chunk carries the `anchor` of its section:
 * the heading's id in HTML, its GitHub-style slug in Markdown. Linear in the document's
 * length.
 *
 * @example
 * const chunks = chunkDocument(await loadDocument({ bytes, fileName: 'guide.md' }));
 * // [{ title: 'Guide › Install › Linux', content: 'Run …' }, …]
 */
export function chunkDocument(
  document: LoadedDocument,
  options: ChunkOptions = {},
): DocumentChunk[] {
  const { maxCharacters, overlap } = resolveOptions(options);
  const state: ChunkState = {
    documentTitle: document.title,
    maxCharacters,
    overlapCharacters: overlap,
    chunks: [],
    slug: document.format === 'markdown' ? createHeadingSlugger() : undefined,
    headings: [],
    pending: [],
    pendingLength: 0,
    carry: '',
  };
  if (document.pages) {
    for (const page of document.pages) addBlocks(state, page.markdown, page.pageNumber);
  } else addBlocks(state, document.markdown, undefined);
  return state.chunks;
}

/**
 * One chunk per question/answer pair (an FAQ), titled with the question; the content is
 * the question and its answer, so both are searchable. An answer longer than a chunk is
 * split, each piece still starting with the question. Pairs with no text are skipped.
 */
export function chunkQa(
  pairs: readonly { question: string; answer: string }[],
  options: ChunkOptions = {},
): DocumentChunk[] {
  const { maxCharacters } = resolveOptions(options);
  const chunks: DocumentChunk[] = [];
  for (const pair of pairs) {
    const question = pair.question.replace(/\s+/g, ' ').trim();
    const answer = pair.answer.replace(/\r\n?/g, '\n').trim();
    if (!question && !answer) continue;
    const room = Math.max(maxCharacters - question.length - 2, maxCharacters / 2);
    const pieces = answer ? splitText(answer, room) : [''];
    for (const piece of pieces) {
      chunks.push({
        title: question || 'Answer',
        content: [question, piece].filter(Boolean).join('\n\n'),
      });
    }
  }
  return chunks;
}

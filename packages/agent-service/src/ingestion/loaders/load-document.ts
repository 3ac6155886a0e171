import { decodeText, hasWords } from './decode-text.js';
import {
  type DocumentFormat,
  detectFormat,
  extensionOf,
  FORMAT_MIME_TYPES,
  SUPPORTED_FORMATS,
} from './document-format.js';
import { DocumentLoadError } from './document-load-error.js';
import { loadDocx } from './docx-loader.js';
import type { FormatResult } from './format-result.js';
import { loadMarkdown } from './markdown-loader.js';
import { loadPdf } from './pdf-loader.js';

/** One document to read: its bytes and whatever names its type. */
export interface LoadInput {
  bytes: Uint8Array;
  /** The file's name (`guide.md`); its extension selects the loader; the title falls back to it. */
  fileName?: string;
  /** The declared media type (`Content-Type` of a fetched page or an upload), parameters allowed. */
  mimeType?: string;
  /** Where a fetched page came from; a page that is not a document fails with `NOT_HTML`. */
  url?: string;
  /**
   * Called with an HTML page's links (resolved against `url`; see `pageLinks`), read from
   * the same parse as its content, before the content is judged: a page with no content
   * of its own (a hub of links) still leads a crawler on. Not called for other formats.
   */
  onLinks?: (links: string[]) => void;
}

/** A document read into clean, structured Markdown, ready for {@link chunkDocument}. */
export interface LoadedDocument {
  format: DocumentFormat;
  /** Front matter `title` / `<title>` / first `<h1>` / DOCX title / PDF title / file name. */
  title: string;
  /** The main content as Markdown (headings, lists, tables and code kept). */
  markdown: string;
  /** PDF: the text of each page (1-based `pageNumber`), which `markdown` joins. */
  pages?: { pageNumber: number; markdown: string }[];
  /** PDF: the number of pages. */
  totalPages?: number;
  /** The canonical media type of `format` (`text/markdown`, `application/pdf`, …). */
  mimeType: string;
}

type FormatLoader = (input: LoadInput) => FormatResult | Promise<FormatResult>;

const loaders: Partial<Record<DocumentFormat, FormatLoader>> = {
  markdown: (input) =>
    loadMarkdown(decodeText(input.bytes, { mimeType: input.mimeType, what: 'Markdown file' })),
  html: async (input) => {
    // The HTML reader (parse5, hast, mdast: a few MB of every process's heap) loads with
    // the first page: a service fed Markdown, PDFs or text never needs it.
    const { loadHtml } = await import('./html-loader.js');
    return loadHtml(
      decodeText(input.bytes, { mimeType: input.mimeType, html: true, what: 'HTML page' }),
      { ...(input.onLinks && input.url !== undefined ? { pageUrl: input.url } : {}) },
    );
  },
  pdf: (input) => loadPdf(input.bytes),
  docx: (input) => loadDocx(input.bytes),
  text: (input) => ({
    title: undefined,
    markdown: decodeText(input.bytes, { mimeType: input.mimeType, what: 'text file' }).trim(),
  }),
};

/** The formats {@link loadDocument} reads, for error messages: `.md, .markdown, … , .txt`. */
function supportedList(): string {
  return SUPPORTED_FORMATS.filter((entry) => loaders[entry.format])
    .flatMap((entry) => entry.extensions)
    .join(', ');
}

// A URL as error messages show it: without user name and password, which are secrets.
function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.href;
  } catch {
    return url.replace(/\/\/[^/@]*@/, '//');
  }
}

function describe(input: LoadInput): string {
  return input.fileName ?? (input.url ? displayUrl(input.url) : 'The document');
}

// The last path segment of a URL, when it names a known file type (`/files/guide.pdf`).
function urlFileName(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const segment = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    return extensionOf(segment) && detectFormat({ fileName: segment, bytes: new Uint8Array() })
      ? segment
      : undefined;
  } catch {
    return undefined;
  }
}

function fallbackTitle(input: LoadInput): string {
  if (input.fileName) return input.fileName.split(/[\\/]/).pop() || input.fileName;
  if (input.url) {
    try {
      const url = new URL(input.url);
      const segment = decodeURIComponent(url.pathname.split('/').filter(Boolean).pop() ?? '');
      return segment || url.hostname;
    } catch {
      return displayUrl(input.url);
    }
  }
  return 'Untitled document';
}

/**
 * Reads one document (Markdown, HTML, PDF, DOCX or plain text; see
 * {@link SUPPORTED_FORMATS}) into {@link LoadedDocument}: clean Markdown that keeps the
 * document's structure, its title, and for a PDF its text page by page. Pure: no I/O
 * besides the bytes given. Throws a {@link DocumentLoadError} — `UNSUPPORTED_TYPE` (the
 * message lists the supported types), `EMPTY_DOCUMENT`, `CORRUPT_DOCUMENT`,
 * `ENCRYPTED_DOCUMENT`, or `NOT_HTML` for a fetched page (`url`) that is no document.
 *
 * @example
 * const document = await loadDocument({ bytes, fileName: 'guide.md' });
 * const page = await loadDocument({ bytes, url, mimeType: response.headers.get('content-type') ?? undefined });
 */
export async function loadDocument(input: LoadInput): Promise<LoadedDocument> {
  const fileName = input.fileName ?? urlFileName(input.url);
  const format = detectFormat({
    bytes: input.bytes,
    ...(fileName === undefined ? {} : { fileName }),
    ...(input.mimeType === undefined ? {} : { mimeType: input.mimeType }),
  });
  const loader = format === undefined ? undefined : loaders[format];
  if (format === undefined || loader === undefined) {
    const declared = input.mimeType ? ` (${input.mimeType.split(';', 1)[0]})` : '';
    if (input.url) {
      throw new DocumentLoadError(
        'NOT_HTML',
        `The page at ${displayUrl(input.url)} is not an HTML page or a supported document${declared}.`,
      );
    }
    throw new DocumentLoadError(
      'UNSUPPORTED_TYPE',
      `${describe(input)}${declared} is not a supported type. Supported: ${supportedList()}.`,
    );
  }
  if (input.bytes.length === 0) {
    throw new DocumentLoadError('EMPTY_DOCUMENT', `${describe(input)} is empty.`);
  }
  const result = await loader(input);
  if (result.links !== undefined) input.onLinks?.(result.links);
  if (!hasWords(result.markdown)) {
    throw new DocumentLoadError(
      'EMPTY_DOCUMENT',
      format === 'html'
        ? `${describe(input)} has no readable main content.`
        : `${describe(input)} contains no text.`,
    );
  }
  const document: LoadedDocument = {
    format,
    title: result.title?.trim() || fallbackTitle(input),
    markdown: result.markdown,
    mimeType: FORMAT_MIME_TYPES[format],
  };
  if (result.pages !== undefined) document.pages = result.pages;
  if (result.totalPages !== undefined) document.totalPages = result.totalPages;
  return document;
}

/** The kinds of document the loaders read; see {@link SUPPORTED_FORMATS}. */
export type DocumentFormat = 'markdown' | 'html' | 'pdf' | 'docx' | 'text';

/** One supported format: the file extensions (with their dot) and media types that name it. */
export interface SupportedFormat {
  format: DocumentFormat;
  extensions: string[];
  mimeTypes: string[];
}

/**
 * Every format {@link loadDocument} reads, with the extensions (lower case, leading dot) and
 * media types that select it. Use it to list the supported types in a 415 answer or in an
 * `<input accept>`.
 */
export const SUPPORTED_FORMATS: readonly SupportedFormat[] = [
  {
    format: 'markdown',
    extensions: ['.md', '.markdown', '.mdown', '.mkd'],
    mimeTypes: ['text/markdown', 'text/x-markdown'],
  },
  {
    format: 'html',
    extensions: ['.html', '.htm', '.xhtml'],
    mimeTypes: ['text/html', 'application/xhtml+xml'],
  },
  { format: 'pdf', extensions: ['.pdf'], mimeTypes: ['application/pdf', 'application/x-pdf'] },
  {
    format: 'docx',
    extensions: ['.docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  { format: 'text', extensions: ['.txt', '.text'], mimeTypes: ['text/plain'] },
];

/** The canonical media type of each format (what {@link LoadedDocument.mimeType} reports). */
export const FORMAT_MIME_TYPES: Readonly<Record<DocumentFormat, string>> = {
  markdown: 'text/markdown',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
};

// Media types that say nothing about the content: decided by extension or content instead.
const genericMimeTypes = new Set(['application/octet-stream', 'binary/octet-stream', '']);

/** The media type without parameters, lower case: `Text/HTML; charset=utf-8` → `text/html`. */
export function essenceOf(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** The lower-case extension of a file name or URL path (`.md`), or `''` when it has none. */
export function extensionOf(fileName: string | undefined): string {
  if (!fileName) return '';
  const base = fileName.split(/[?#]/, 1)[0]?.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

function byMimeType(essence: string): DocumentFormat | undefined {
  return SUPPORTED_FORMATS.find((entry) => entry.mimeTypes.includes(essence))?.format;
}

function byExtension(extension: string): DocumentFormat | undefined {
  return SUPPORTED_FORMATS.find((entry) => entry.extensions.includes(extension))?.format;
}

function startsWithBytes(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function includesAscii(bytes: Uint8Array, text: string, limit: number): boolean {
  const needle = Buffer.from(text, 'latin1');
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, limit)).includes(
    needle,
  );
}

/**
 * What the bytes look like, for inputs named by neither a media type nor an extension (a
 * web page at `/docs/install`, an upload called `README`): PDF and DOCX by signature, HTML
 * by its opening tags, otherwise text when the start holds no NUL byte.
 */
function sniff(bytes: Uint8Array): DocumentFormat | undefined {
  if (includesAscii(bytes, '%PDF-', 1024)) return 'pdf';
  if (startsWithBytes(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    return includesAscii(bytes, 'word/', 64 * 1024) ? 'docx' : undefined;
  }
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4096));
  if (head.includes(0)) return undefined;
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 256);
  if (/^(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i.test(start)) return 'html';
  return 'text';
}

/**
 * Which loader reads a document, or `undefined` when no supported format fits (answer 415
 * listing {@link SUPPORTED_FORMATS}). A specific media type decides first; a generic one
 * (`application/octet-stream`, `text/plain`, none) defers to the file's extension, so a
 * `.md` served as `text/plain` is Markdown; a name with an unknown extension is
 * unsupported; with neither, the bytes are sniffed.
 *
 * @example
 * detectFormat({ fileName: 'guide.md', bytes }); // 'markdown'
 * detectFormat({ mimeType: 'text/html; charset=utf-8', bytes }); // 'html'
 */
export function detectFormat(input: {
  fileName?: string;
  mimeType?: string;
  bytes: Uint8Array;
}): DocumentFormat | undefined {
  const essence = essenceOf(input.mimeType);
  const fromMime = byMimeType(essence);
  if (fromMime !== undefined && fromMime !== 'text') return fromMime;
  const extension = extensionOf(input.fileName);
  if (extension) {
    const fromExtension = byExtension(extension);
    if (fromExtension !== undefined) return fromExtension;
    return fromMime;
  }
  if (fromMime !== undefined) return fromMime;
  if (!genericMimeTypes.has(essence)) return undefined;
  return sniff(input.bytes);
}

/**
 * TEMPORARY stand-in for the loaders and chunker of issue 15 part A (branch wip-load), with
 * the same names and signatures, so the ingestion pipeline is written against them from
 * the start. Delete this file and import from `../knowledge/index.js` once part A lands.
 * It handles Markdown, plain text and simple HTML only.
 */
import { Parser } from 'htmlparser2';
import { chunkText, splitBlocks } from '../knowledge/index.js';

/** A format the loaders understand. */
export type DocumentFormat = 'markdown' | 'html' | 'pdf' | 'docx' | 'text';

/** What a loader reads. */
export interface LoadInput {
  bytes: Uint8Array;
  fileName?: string;
  mimeType?: string;
  url?: string;
}

/** A document turned into Markdown. */
export interface LoadedDocument {
  format: DocumentFormat;
  title: string;
  markdown: string;
  pages?: { pageNumber: number; markdown: string }[];
  totalPages?: number;
  mimeType: string;
}

/** A piece of a document, indexed and retrieved on its own. */
export interface DocumentChunk {
  title: string;
  content: string;
  anchor?: string;
  pageNumber?: number;
}

/** The formats, their file extensions and MIME types. */
export const SUPPORTED_FORMATS: readonly {
  format: DocumentFormat;
  extensions: string[];
  mimeTypes: string[];
}[] = [
  { format: 'markdown', extensions: ['.md', '.markdown'], mimeTypes: ['text/markdown'] },
  { format: 'html', extensions: ['.html', '.htm'], mimeTypes: ['text/html'] },
  { format: 'pdf', extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
  {
    format: 'docx',
    extensions: ['.docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  { format: 'text', extensions: ['.txt'], mimeTypes: ['text/plain'] },
];

class DocumentLoadError extends Error {
  override readonly name = 'DocumentLoadError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The format of a document, from its name, MIME type or first bytes. */
export function detectFormat(
  input: Pick<LoadInput, 'fileName' | 'mimeType' | 'bytes'>,
): DocumentFormat | undefined {
  const mime = input.mimeType?.split(';')[0]?.trim().toLowerCase();
  const byMime = SUPPORTED_FORMATS.find((entry) => mime && entry.mimeTypes.includes(mime));
  if (byMime) return byMime.format;
  const name = input.fileName?.toLowerCase() ?? '';
  const byName = SUPPORTED_FORMATS.find((entry) => entry.extensions.some((e) => name.endsWith(e)));
  if (byName) return byName.format;
  const head = new TextDecoder().decode(input.bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith('%pdf-')) return 'pdf';
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'html';
  return undefined;
}

const dropped = new Set([
  'script',
  'style',
  'noscript',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'template',
  'svg',
]);

function htmlToMarkdown(html: string): { title: string; markdown: string } {
  let title = '';
  let inTitle = false;
  let skipDepth = 0;
  const stack: string[] = [];
  const out: string[] = [];
  let line = '';
  const flush = () => {
    if (line.trim()) out.push(line.trim());
    line = '';
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        stack.push(name);
        const cookie = /cookie|consent/i.test(`${attributes.id ?? ''} ${attributes.class ?? ''}`);
        if (skipDepth > 0 || dropped.has(name) || cookie || attributes.role === 'navigation') {
          skipDepth += 1;
          return;
        }
        if (name === 'title') inTitle = true;
        const heading = /^h([1-6])$/.exec(name);
        if (heading) {
          flush();
          line = `${'#'.repeat(Number(heading[1]))} `;
          if (attributes.id) line = `${line}{#${attributes.id}} `;
        } else if (
          ['p', 'div', 'li', 'pre', 'tr', 'br', 'section', 'article', 'main'].includes(name)
        ) {
          flush();
          if (name === 'li') line = '- ';
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (skipDepth === 0 && stack.includes('body')) line += text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        stack.pop();
        if (name === 'title') inTitle = false;
        if (skipDepth > 0) {
          skipDepth -= 1;
          return;
        }
        if (/^h[1-6]$|^(p|li|pre|tr|div)$/.test(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return { title: title.trim(), markdown: out.join('\n\n') };
}

/** Loads a document into Markdown; throws a typed error (`code`) when it cannot. */
export async function loadDocument(input: LoadInput): Promise<LoadedDocument> {
  const format = detectFormat(input);
  const text = () => new TextDecoder().decode(input.bytes).replace(/\u0000/g, '');
  const fallbackTitle = input.fileName ?? input.url ?? 'Document';
  let loaded: LoadedDocument;
  if (format === 'markdown' || format === 'text') {
    loaded = {
      format,
      title: fallbackTitle,
      markdown: text(),
      mimeType: format === 'markdown' ? 'text/markdown' : 'text/plain',
    };
  } else if (format === 'html') {
    const { title, markdown } = htmlToMarkdown(text());
    loaded = { format, title: title || fallbackTitle, markdown, mimeType: 'text/html' };
  } else if (input.url !== undefined && format === undefined) {
    throw new DocumentLoadError(
      'NOT_HTML',
      `${input.url} is not an HTML page (${input.mimeType ?? 'no content type'}).`,
    );
  } else {
    throw new DocumentLoadError(
      'UNSUPPORTED_TYPE',
      `${format ?? 'This'} format cannot be read yet; supported: ${SUPPORTED_FORMATS.flatMap((entry) => entry.extensions).join(', ')}.`,
    );
  }
  if (!/[\p{L}\p{N}]/u.test(loaded.markdown)) {
    throw new DocumentLoadError('EMPTY_DOCUMENT', 'The document contains no text.');
  }
  return loaded;
}

/** Splits a loaded document into chunks under its headings (title: `Document › Heading`). */
export function chunkDocument(
  document: LoadedDocument,
  options: { maxCharacters?: number; overlapCharacters?: number } = {},
): DocumentChunk[] {
  const blocks = splitBlocks(document.markdown);
  const headingOf = (block: string) =>
    block.includes('\n')
      ? undefined
      : /^(#{1,6})\s+(?:\{#([^}\s]+)\}\s*)?(.+?)\s*#*\s*$/.exec(block);
  const first = blocks[0] === undefined ? undefined : headingOf(blocks[0]);
  const documentTitle = first?.[1]?.length === 1 && first[3] ? first[3] : document.title;
  const sections: { heading: string; anchor?: string; blocks: string[] }[] = [
    { heading: '', blocks: [] },
  ];
  for (const block of blocks) {
    const match = headingOf(block);
    if (match) {
      sections.push({
        heading: match[3] ?? '',
        ...(match[2] ? { anchor: match[2] } : {}),
        blocks: [],
      });
    } else {
      sections[sections.length - 1]?.blocks.push(block);
    }
  }
  return sections.flatMap((section) =>
    chunkText(section.blocks.join('\n\n'), documentTitle, {
      ...(options.maxCharacters === undefined ? {} : { maxChars: options.maxCharacters }),
    }).map((chunk) => ({
      title:
        section.heading && section.heading !== documentTitle
          ? `${documentTitle} › ${section.heading}`
          : documentTitle,
      content: chunk.content,
      ...(section.anchor === undefined ? {} : { anchor: section.anchor }),
    })),
  );
}

/** One chunk per question and answer pair. */
export function chunkQa(pairs: { question: string; answer: string }[]): DocumentChunk[] {
  return pairs.map((pair) => ({
    title: pair.question,
    content: `${pair.question}\n\n${pair.answer}`,
  }));
}

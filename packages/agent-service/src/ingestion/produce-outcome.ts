import { createHash } from 'node:crypto';
import { FetchError, type FetchedResource, isGoneFetchError } from '../web/index.js';
import { chunkDocument, chunkQa, type DocumentChunk } from './chunking/index.js';
import type { IngestionOutcome } from './commit-result.js';
import { readDatasourceFile } from './datasource-files.js';
import type { DatasourceRecord, IngestionContext, PreviousContent } from './ingestion-context.js';
import { type LoadedDocument, loadDocument, SUPPORTED_FORMATS } from './loaders/index.js';

/**
 * Bumped when loading, chunking or the chunks' analysis changes, so re-ingesting re-chunks
 * and re-indexes unchanged content (2: the headings of generator-made pages kept with their
 * ids; Markdown headings slugged. 3: the shapes of the chunks' code indexed. 4: a code
 * shape reads strings and numbers as one kind of literal. 5: `...` before a closing bracket
 * is code left out, not a spread. 6: a permalink after its heading (Starlight) dropped, a
 * heading id with `_` kept as written, code blocks without line numbers, every tab panel
 * read, an admonition's title at the start of its text, Sphinx's API entries as sections.
 * 7: a table cell's paragraphs, breaks and lists read as one line; an accordion's collapsed
 * panels read, a button in a heading kept as its text, an aside inside the article read as a
 * callout; a Markdown file's reference links written inline. 8: a heading takes the id of
 * the block it opens (DocBook's `div.sect2`), DocBook's navigation tables dropped and its
 * admonition titles merged, no-break spaces in headings read as spaces; a permalink in a
 * span of its own dropped; a page read from <body> loses its heading-less link columns;
 * AsciiDoc admonitions read as text led by their label; a `footer` class or id is chrome.
 * 9: a page's title without its section's or site's name when its <h1> is not in the
 * <title> ("coverage | Config | Acme": "coverage"), and an <h1> that begins with the title
 * left out of the chunk titles). 10: a theme's header <h1> with the site's name left out of
 * the content and the title; Sphinx 3 API entries (`<dt id>` without `sig`) read as
 * sections; Sphinx's `related`, `topnav` and `bottomnav` bars are chrome.
 * Web pages hash their chunks rather than their bytes (see `textHashOf`): their hashes
 * changed with that, so nothing else had to.
 */
const CHUNKING_VERSION = '10';

/** Media types a web page may have: HTML, or a document format the loaders read. */
export function isIngestibleMediaType(mediaType: string): boolean {
  return (
    mediaType === '' ||
    mediaType === 'application/xhtml+xml' ||
    SUPPORTED_FORMATS.some((entry) => entry.mimeTypes.includes(mediaType))
  );
}

function hashOf(record: DatasourceRecord, bytes: Uint8Array | string): string {
  return createHash('sha256')
    .update(`${CHUNKING_VERSION}\n${record.type}\n${record.name}\n`)
    .update(bytes)
    .digest('hex');
}

/**
 * A web page's hash, over the chunks of its extracted main text rather than its bytes: a
 * page whose navigation, footer or build id changed on a deploy, but not its text, hashes
 * the same, and its chunks are kept.
 */
function textHashOf(record: DatasourceRecord, chunks: readonly DocumentChunk[]): string {
  return hashOf(
    record,
    JSON.stringify(
      chunks.map((chunk) => [
        chunk.title,
        chunk.content,
        chunk.anchor ?? '',
        chunk.pageNumber ?? 0,
      ]),
    ),
  );
}

/**
 * The failure of a web page that could not be fetched: a 404 or 410 removes its content;
 * any other fetch failure (5xx, timeout, unreachable, refused) keeps what was indexed before,
 * since it says nothing about the page. A page that was read but has no content loses it.
 */
export function webFailure(error: unknown, hadContent: boolean): IngestionOutcome {
  const keepContent = error instanceof FetchError && !isGoneFetchError(error);
  const message = describeFailure(error);
  return {
    ok: false,
    message: keepContent && hadContent ? `${message} The content indexed before is kept.` : message,
    ...(keepContent ? { keepContent } : {}),
  };
}

/** Sentences for the loaders' typed failures, as the datasource's `errorMessage`. */
export function describeFailure(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'EMPTY_DOCUMENT') return 'The document contains no words to index.';
  return message;
}

function chunksOf(
  document: LoadedDocument,
  allowEmpty = false,
): {
  chunks: DocumentChunk[];
  config: Record<string, unknown>;
} {
  let chunks = chunkDocument(document);
  if (!chunks.some((chunk) => /[\p{L}\p{N}]/u.test(chunk.content))) {
    chunks = [];
  }
  if (chunks.length === 0 && !allowEmpty) {
    throw Object.assign(new Error('The document contains no words to index.'), {
      code: 'EMPTY_DOCUMENT',
    });
  }
  return {
    chunks,
    config: {
      mime_type: document.mimeType,
      ...(document.totalPages === undefined ? {} : { total_pages: document.totalPages }),
    },
  };
}

/**
 * The outcome of a fetched web page (a `web_page` datasource, or a page of a site).
 * `onLinks` receives an HTML page's links, from the same parse as its content (a crawl
 * follows them), even when the page turns out to have no content of its own. Such a page
 * is an error (`EMPTY_DOCUMENT`), unless `allowEmpty`: a site's table-of-contents or landing
 * page holds only navigation, which is nothing to index but nothing wrong either, so a
 * crawl synchs it with no chunks (any it had before are removed).
 */
export async function outcomeOfPage(
  record: DatasourceRecord,
  page: FetchedResource,
  onLinks?: (links: string[]) => void,
  allowEmpty = false,
): Promise<IngestionOutcome> {
  let document: LoadedDocument | undefined;
  try {
    document = await loadDocument({
      bytes: page.bytes,
      url: page.url,
      ...(page.mediaType === '' ? {} : { mimeType: page.mediaType }),
      ...(onLinks === undefined ? {} : { onLinks }),
    });
  } catch (error) {
    if (!allowEmpty || (error as { code?: unknown }).code !== 'EMPTY_DOCUMENT') throw error;
  }
  const { chunks, config } = document ? chunksOf(document, allowEmpty) : { chunks: [], config: {} };
  return {
    ok: true,
    chunks,
    contentHash: textHashOf(
      { ...record, name: String(record.config.source_url ?? record.name) },
      chunks,
    ),
    ...(document === undefined
      ? {}
      : {
          config: {
            ...config,
            title: document.title,
            ...(page.url === record.config.source_url ? {} : { final_url: page.url }),
          },
        }),
    validators: page.validators,
  };
}

/**
 * The outcome of a page that answered 304 Not Modified: its stored chunks are kept (the same
 * content hash), with the validators it answered with.
 */
export function notModifiedOutcome(
  previous: PreviousContent,
  page: FetchedResource,
): IngestionOutcome {
  return { ok: true, chunks: [], contentHash: previous.contentHash, validators: page.validators };
}

/**
 * Reads a datasource's content (its text, Q&A pairs, uploaded file, or its page fetched
 * through the safe fetcher) and turns it into chunks. Throws when it cannot, with a
 * message fit for `errorMessage`. Not for `web_site` (see `ingestWebSite`).
 */
export async function produceOutcome(
  context: IngestionContext,
  record: DatasourceRecord,
  signal: AbortSignal,
): Promise<IngestionOutcome> {
  switch (record.type) {
    case 'text': {
      const document = await loadDocument({
        bytes: new TextEncoder().encode(record.text),
        fileName: record.name,
        mimeType: /\.txt$/i.test(record.name) ? 'text/plain' : 'text/markdown',
      });
      const { chunks } = chunksOf(document);
      return { ok: true, chunks, contentHash: hashOf(record, record.text) };
    }
    case 'qa': {
      const pairs = Array.isArray(record.config.pairs)
        ? (record.config.pairs as { question: string; answer: string }[])
        : [
            {
              question: String(record.config.question ?? ''),
              answer: String(record.config.answer ?? ''),
            },
          ];
      return {
        ok: true,
        chunks: chunkQa(pairs),
        contentHash: hashOf(record, JSON.stringify(pairs)),
      };
    }
    case 'file': {
      const bytes = await readDatasourceFile(context.database, record.id);
      if (bytes === undefined) throw new Error('The uploaded file is missing; upload it again.');
      const mimeType =
        typeof record.config.mime_type === 'string' ? record.config.mime_type : undefined;
      const document = await loadDocument({
        bytes,
        fileName: record.name,
        ...(mimeType === undefined || mimeType === 'application/octet-stream' ? {} : { mimeType }),
      });
      const { chunks, config } = chunksOf(document);
      return { ok: true, chunks, contentHash: hashOf(record, bytes), config };
    }
    case 'web_page': {
      let page: FetchedResource;
      try {
        page = await context.fetcher.fetch(String(record.config.source_url), {
          signal,
          accept: isIngestibleMediaType,
          validators: record.previous?.validators,
        });
      } catch (error) {
        if (signal.aborted) throw error;
        return webFailure(error, record.previous !== undefined);
      }
      if (page.notModified && record.previous) return notModifiedOutcome(record.previous, page);
      return outcomeOfPage(record, page);
    }
    default:
      throw new Error(`Datasources of type ${record.type} cannot be ingested.`);
  }
}

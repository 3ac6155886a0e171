import { unzipSync } from 'fflate';
import { DocumentLoadError } from './document-load-error.js';
import type { FormatResult } from './format-result.js';

/** The most a DOCX may expand to (its parts' declared sizes added up): a zip-bomb guard. */
const maxExpandedBytes = 256 * 1024 * 1024;

const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function decodeXmlText(text: string): string {
  return text
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) =>
      String.fromCodePoint(Number.parseInt(hex, 16)),
    )
    .replace(/&#(\d{1,7});/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

// Reads the zip's directory without inflating anything but the small core-properties part:
// checks that it is a Word document, that it does not expand to gigabytes, and takes the
// title from docProps/core.xml.
function inspectPackage(bytes: Uint8Array): { title: string | undefined } {
  let expanded = 0;
  let hasDocument = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        expanded += file.originalSize;
        if (file.name === 'word/document.xml') hasDocument = true;
        return file.name === 'docProps/core.xml' && file.originalSize <= 1024 * 1024;
      },
    });
  } catch (error) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      'The file is not a valid Word document (the .docx zip package is damaged or incomplete).',
      { cause: error },
    );
  }
  if (!hasDocument) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      'The file is a zip package but not a Word document (it has no word/document.xml).',
    );
  }
  if (expanded > maxExpandedBytes) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      `The Word document expands to more than ${maxExpandedBytes / 1024 / 1024} MiB; it is refused.`,
    );
  }
  const core = files['docProps/core.xml'];
  const match = core
    ? /<dc:title>([^<]*)<\/dc:title>/.exec(Buffer.from(core).toString('utf8'))
    : null;
  const title = match?.[1] ? decodeXmlText(match[1]).trim() : '';
  return { title: title || undefined };
}

/**
 * Reads a Word document (.docx) with mammoth, which maps Word's semantics (heading
 * styles, lists, tables, bold/italic) to HTML; that HTML becomes Markdown through the
 * HTML loader. Images are dropped (never inlined as data), external files are never
 * read. The title comes from the document's properties, else its first heading. A
 * password-protected document (an OLE container, not a zip) fails with
 * `ENCRYPTED_DOCUMENT`; a damaged one, or one that would expand past 256 MiB, with
 * `CORRUPT_DOCUMENT`.
 */
export async function loadDocx(bytes: Uint8Array): Promise<FormatResult> {
  if (oleSignature.every((byte, index) => bytes[index] === byte)) {
    throw new DocumentLoadError(
      'ENCRYPTED_DOCUMENT',
      'The Word document is protected by a password (or is an old .doc file): save it as a .docx without a password and upload that.',
    );
  }
  const { title } = inspectPackage(bytes);
  let html: string;
  try {
    // Loaded with the first Word document: mammoth is a large library most services never use.
    const { default: mammoth } = await import('mammoth');
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length) },
      {
        convertImage: mammoth.images.imgElement(async () => ({ src: '' })),
        externalFileAccess: false,
        ignoreEmptyParagraphs: true,
      },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      `The Word document could not be read: ${error instanceof Error ? error.message : String(error)}.`,
      { cause: error },
    );
  }
  // The HTML reader loads on first use too (see `loadDocument`).
  const { loadHtml } = await import('./html-loader.js');
  const converted = loadHtml(html, { headingIds: false });
  return { title: title ?? converted.title, markdown: converted.markdown };
}

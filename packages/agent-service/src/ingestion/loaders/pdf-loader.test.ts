import { describe, expect, it } from 'vitest';
import { buildPdf } from '../../testing/index.js';
import { chunkDocument } from '../chunking/index.js';
import { DocumentLoadError } from './document-load-error.js';
import { type LoadInput, loadDocument } from './load-document.js';

async function loadError(input: LoadInput) {
  try {
    await loadDocument(input);
  } catch (error) {
    if (error instanceof DocumentLoadError) return error;
    throw error;
  }
  throw new Error('expected loadDocument to fail');
}

describe('loadDocument: PDF', () => {
  it('reads the text page by page, rebuilding headings and paragraphs', async () => {
    const bytes = buildPdf(
      [
        '# Safety\nRead these instructions before first use. Keep the exam-\nple manual.\n\nUnplug the device (always).',
        '# Care\nClean it with a dry cloth.',
        '',
      ],
      { title: 'Toaster manual' },
    );
    const document = await loadDocument({ bytes, fileName: 'manual.pdf' });
    expect(bytes.length).toBeGreaterThan(0); // the caller's buffer is not detached
    expect(document).toMatchObject({
      format: 'pdf',
      title: 'Toaster manual',
      totalPages: 3,
      mimeType: 'application/pdf',
    });
    expect(document.pages).toEqual([
      {
        pageNumber: 1,
        markdown:
          '# Safety\n\nRead these instructions before first use. Keep the example manual.\n\nUnplug the device (always).',
      },
      { pageNumber: 2, markdown: '# Care\n\nClean it with a dry cloth.' },
      { pageNumber: 3, markdown: '' },
    ]);
    expect(chunkDocument(document)).toEqual([
      {
        title: 'Toaster manual › Safety',
        content:
          'Read these instructions before first use. Keep the example manual.\n\nUnplug the device (always).',
        pageNumber: 1,
      },
      { title: 'Toaster manual › Care', content: 'Clean it with a dry cloth.', pageNumber: 2 },
    ]);
  });

  it('titles an untitled PDF by its first heading, and escapes text that looks like syntax', async () => {
    const bytes = buildPdf(['# Overview\n#1 priority is safety.\n\n| not a table |']);
    const document = await loadDocument({ bytes, mimeType: 'application/pdf' });
    expect(document.title).toBe('Overview');
    expect(document.markdown).toBe('# Overview\n\n\\#1 priority is safety.\n\n\\| not a table |');
  });

  it('reads a PDF found by its signature when nothing names it', async () => {
    const document = await loadDocument({ bytes: buildPdf(['Plain page.']) });
    expect(document).toMatchObject({ format: 'pdf', markdown: 'Plain page.', totalPages: 1 });
  });

  it('fails with ENCRYPTED_DOCUMENT for a password-protected PDF', async () => {
    const error = await loadError({
      bytes: buildPdf(['Secret text.'], { encrypted: true }),
      fileName: 'secret.pdf',
    });
    expect(error.code).toBe('ENCRYPTED_DOCUMENT');
    expect(error.message).toMatch(/protected by a password/);
  });

  it('fails with CORRUPT_DOCUMENT for damaged or truncated files', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.4\nthis is not really a PDF at all');
    expect(await loadError({ bytes: garbage, fileName: 'bad.pdf' })).toMatchObject({
      code: 'CORRUPT_DOCUMENT',
      message: 'The file is not a valid PDF (it may be damaged or incomplete).',
    });
    const truncated = buildPdf(['Some text here.']).slice(0, 200);
    expect((await loadError({ bytes: truncated, fileName: 'cut.pdf' })).code).toBe(
      'CORRUPT_DOCUMENT',
    );
  });

  it('fails with EMPTY_DOCUMENT for an empty file or pages without text', async () => {
    expect((await loadError({ bytes: new Uint8Array(), fileName: 'empty.pdf' })).code).toBe(
      'EMPTY_DOCUMENT',
    );
    const blank = await loadError({ bytes: buildPdf(['', '']), fileName: 'scan.pdf' });
    expect(blank).toMatchObject({ code: 'EMPTY_DOCUMENT' });
    expect(blank.message).toMatch(/2 pages; scanned pages would need OCR/);
  });
});

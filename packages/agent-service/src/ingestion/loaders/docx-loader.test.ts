import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx, buildEncryptedDocx } from '../../testing/index.js';
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

describe('loadDocument: DOCX', () => {
  it('keeps headings, lists and tables as Markdown, with the title from the properties', async () => {
    const bytes = buildDocx(
      [
        { heading: 'Onboarding' },
        { paragraph: 'Welcome to the team & the project.' },
        { heading: 'First day', level: 2 },
        { bullets: ['Get a laptop', 'Meet your buddy'] },
        { heading: 'Accounts', level: 3 },
        { numbered: ['Create the email account', 'Join the chat'] },
        {
          table: [
            ['System', 'Owner'],
            ['Email', 'IT desk'],
          ],
        },
      ],
      { title: 'Employee handbook' },
    );
    const document = await loadDocument({ bytes, fileName: 'handbook.docx' });
    expect(document).toEqual({
      format: 'docx',
      title: 'Employee handbook',
      markdown: [
        '# Onboarding',
        'Welcome to the team & the project.',
        '## First day',
        '- Get a laptop\n- Meet your buddy',
        '### Accounts',
        '1. Create the email account\n2. Join the chat',
        '| System | Owner |\n| - | - |\n| Email | IT desk |',
      ].join('\n\n'),
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(chunkDocument(document).map((chunk) => chunk.title)).toEqual([
      'Employee handbook › Onboarding',
      'Employee handbook › Onboarding › First day',
      'Employee handbook › Onboarding › First day › Accounts',
    ]);
  });

  it('titles a document without properties by its first heading; sniffs an unnamed one', async () => {
    const bytes = buildDocx([{ heading: 'Price list' }, { paragraph: 'Tea: 3 EUR.' }]);
    expect(await loadDocument({ bytes })).toMatchObject({
      format: 'docx',
      title: 'Price list',
      markdown: '# Price list\n\nTea: 3 EUR.',
    });
  });

  it('fails with ENCRYPTED_DOCUMENT for a password-protected document', async () => {
    const error = await loadError({ bytes: buildEncryptedDocx(), fileName: 'secret.docx' });
    expect(error.code).toBe('ENCRYPTED_DOCUMENT');
    expect(error.message).toMatch(/protected by a password/);
  });

  it('fails with CORRUPT_DOCUMENT for damaged, foreign or explosive zips', async () => {
    const truncated = buildDocx([{ paragraph: 'Text.' }]).slice(0, 100);
    expect(await loadError({ bytes: truncated, fileName: 'cut.docx' })).toMatchObject({
      code: 'CORRUPT_DOCUMENT',
      message:
        'The file is not a valid Word document (the .docx zip package is damaged or incomplete).',
    });
    const foreign = zipSync({ 'readme.txt': strToU8('hello') });
    expect((await loadError({ bytes: foreign, fileName: 'other.docx' })).message).toMatch(
      /no word\/document\.xml/,
    );
    // A zip bomb as its directory describes it: a small part claiming to expand to 300 MiB.
    const bomb = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    const view = new DataView(bomb.buffer);
    const directory = bomb.findLastIndex(
      (_, index) => index + 4 <= bomb.length && view.getUint32(index, true) === 0x02014b50,
    );
    view.setUint32(directory + 24, 300 * 1024 * 1024, true);
    expect((await loadError({ bytes: bomb, fileName: 'bomb.docx' })).message).toMatch(
      /expands to more than 256 MiB/,
    );
    const badXml = zipSync({ 'word/document.xml': strToU8('<w:document><unclosed') });
    expect((await loadError({ bytes: badXml, fileName: 'bad.docx' })).code).toBe(
      'CORRUPT_DOCUMENT',
    );
  });

  it('fails with EMPTY_DOCUMENT for a document without text', async () => {
    const error = await loadError({ bytes: buildDocx([]), fileName: 'blank.docx' });
    expect(error).toMatchObject({
      code: 'EMPTY_DOCUMENT',
      message: 'blank.docx contains no text.',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { LoadedDocument } from '../loaders/index.js';
import { chunkDocument, chunkQa } from './chunk-document.js';

function markdownDocument(markdown: string, title = 'Guide'): LoadedDocument {
  return { format: 'markdown', title, markdown, mimeType: 'text/markdown' };
}

// What the HTML loader makes of a page: Markdown whose headings carry `{#id}` when they have one.
function htmlDocument(markdown: string, title = 'Guide'): LoadedDocument {
  return { format: 'html', title, markdown, mimeType: 'text/html' };
}

describe('chunkDocument', () => {
  it('starts a chunk at every heading and titles it with the heading path and nearest id', () => {
    const markdown = [
      '# Guide',
      'Welcome.',
      '## Install {#install}',
      'Pick your system.',
      '### Linux',
      'Use the package.',
      '### macOS {#mac}',
      'Use brew.',
      '## Use',
      'Run it.',
    ].join('\n\n');
    expect(chunkDocument(htmlDocument(markdown))).toEqual([
      { title: 'Guide', content: 'Welcome.' },
      { title: 'Guide › Install', content: 'Pick your system.', anchor: 'install' },
      { title: 'Guide › Install › Linux', content: 'Use the package.', anchor: 'install' },
      { title: 'Guide › Install › macOS', content: 'Use brew.', anchor: 'mac' },
      { title: 'Guide › Use', content: 'Run it.' },
    ]);
  });

  it('keeps the first heading in the path when the title does not contain it', () => {
    const chunks = chunkDocument(markdownDocument('## Setup\n\nText.', 'notes.md'));
    expect(chunks).toEqual([{ title: 'notes.md › Setup', content: 'Text.', anchor: 'setup' }]);
  });

  it('leaves out an <h1> that begins with the title (a badge after it), but not a lower heading', () => {
    const badge = chunkDocument(
      htmlDocument(
        '# coverage root {#coverage}\n\nIntro.\n\n## coverage.all {#all}\n\nAll.',
        'coverage',
      ),
    );
    expect(badge.map((chunk) => chunk.title)).toEqual(['coverage', 'coverage › coverage.all']);
    const section = chunkDocument(htmlDocument('## Install on Linux\n\nText.', 'Install'));
    expect(section.map((chunk) => chunk.title)).toEqual(['Install › Install on Linux']);
    const word = chunkDocument(htmlDocument('# Installation\n\nText.', 'Install'));
    expect(word.map((chunk) => chunk.title)).toEqual(['Install › Installation']);
  });

  it('reads a no-break space in a heading as a space (DocBook: "8.3.&nbsp;Types")', () => {
    const chunks = chunkDocument(
      htmlDocument(
        '## 8.3.\u00a0Types {#t}\n\nText.\n\n### 8.3.1.\u00a0Padding\n\nMore.',
        '8.3. Types',
      ),
    );
    expect(chunks.map((chunk) => chunk.title)).toEqual([
      '8.3. Types',
      '8.3. Types › 8.3.1. Padding',
    ]);
  });

  it('gives Markdown headings the ids GitHub gives them, unless they carry {#id}', () => {
    const markdown = [
      '# Guide',
      'Welcome.',
      '## 1. Install `vi.mock()`',
      'First.',
      '## 1. Install `vi.mock()`',
      'Again.',
      '### See [the API](https://example.com/api) & _more_ 🎉',
      'Linked.',
      '### snake_case options {#custom}',
      'Custom.',
      '## 🎉',
      'Party.',
    ].join('\n\n');
    expect(chunkDocument(markdownDocument(markdown)).map((chunk) => chunk.anchor)).toEqual([
      'guide',
      '1-install-vimock',
      '1-install-vimock-1',
      'see-the-api--more-',
      'custom',
      'guide', // nothing to slug in "🎉": the nearest heading with an id
    ]);
    const html = chunkDocument(htmlDocument('## Install\n\nText.'));
    expect(html[0]?.anchor).toBeUndefined();
  });

  it('packs paragraphs up to maxCharacters and splits long text at sentences', () => {
    const sentence = 'This sentence is about forty characters. ';
    const markdown = `${sentence.repeat(10).trim()}\n\nShort.\n\nAnother short one.`;
    const chunks = chunkDocument(markdownDocument(markdown), { maxCharacters: 120 });
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(120);
    expect(chunks.every((chunk) => chunk.content.endsWith('.'))).toBe(true);
    expect(chunks.at(-1)?.content).toContain('Short.\n\nAnother short one.');
  });

  it('keeps a code block or table whole when it fits twice maxCharacters', () => {
    const code = `\`\`\`js\n${'const value = 1;\n'.repeat(10)}\`\`\``;
    const table = `| key | value |\n| --- | --- |\n${'| a-key | a-value |\n'.repeat(8)}`;
    const markdown = `Before.\n\n${code}\n\nBetween.\n\n${table}\nAfter.`;
    const chunks = chunkDocument(markdownDocument(markdown), { maxCharacters: 150 });
    expect(chunks.map((chunk) => chunk.content)).toEqual([
      'Before.',
      code,
      'Between.',
      table.trim(),
      'After.',
    ]);
  });

  it('splits a huge code block between lines, fencing each piece again', () => {
    const lines = Array.from({ length: 200 }, (_, index) => `line(${index});`);
    const markdown = `\`\`\`ts\n${lines.join('\n')}\n\`\`\``;
    const chunks = chunkDocument(markdownDocument(markdown), { maxCharacters: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(200);
      expect(chunk.content).toMatch(/^```ts\nline\(\d+\);[\s\S]*\n```$/);
    }
    const body = chunks.flatMap((chunk) => chunk.content.split('\n').slice(1, -1));
    expect(body).toEqual(lines);
  });

  it('splits a huge table between rows, repeating the header', () => {
    const rows = Array.from({ length: 100 }, (_, index) => `| row ${index} | value ${index} |`);
    const markdown = `| name | value |\n| --- | --- |\n${rows.join('\n')}`;
    const chunks = chunkDocument(markdownDocument(markdown), { maxCharacters: 300 });
    for (const chunk of chunks) {
      expect(chunk.content.startsWith('| name | value |\n| --- | --- |\n| row')).toBe(true);
      expect(chunk.content.length).toBeLessThanOrEqual(300);
    }
    expect(chunks.flatMap((chunk) => chunk.content.split('\n').slice(2))).toEqual(rows);
  });

  it('overlaps consecutive chunks of one section when asked', () => {
    const paragraphs = ['Alpha one two three four five.', 'Beta six seven eight nine ten.'];
    const markdown = paragraphs.join('\n\n');
    const chunks = chunkDocument(markdownDocument(markdown), {
      maxCharacters: 100,
      overlapCharacters: 15,
    });
    expect(chunks.map((chunk) => chunk.content)).toEqual([markdown]);
    const many = Array.from({ length: 6 }, (_, index) => `Paragraph ${index} has words.`);
    const overlapped = chunkDocument(markdownDocument(many.join('\n\n')), {
      maxCharacters: 100,
      overlapCharacters: 15,
    });
    expect(overlapped.length).toBeGreaterThan(1);
    expect(overlapped[1]?.content).toBe(
      '3 has words.\n\nParagraph 4 has words.\n\nParagraph 5 has words.',
    );
    const plain = chunkDocument(markdownDocument(many.join('\n\n')), { maxCharacters: 100 });
    expect(plain[1]?.content.startsWith('Paragraph')).toBe(true);
  });

  it('chunks a PDF page by page, carrying the heading path over page breaks', () => {
    const document: LoadedDocument = {
      format: 'pdf',
      title: 'Manual',
      markdown: '',
      pages: [
        { pageNumber: 1, markdown: '## Safety\n\nRead first.' },
        { pageNumber: 2, markdown: 'Still about safety.\n\n## Care\n\nClean it.' },
      ],
      totalPages: 2,
      mimeType: 'application/pdf',
    };
    expect(chunkDocument(document)).toEqual([
      { title: 'Manual › Safety', content: 'Read first.', pageNumber: 1 },
      { title: 'Manual › Safety', content: 'Still about safety.', pageNumber: 2 },
      { title: 'Manual › Care', content: 'Clean it.', pageNumber: 2 },
    ]);
  });

  it('is linear on hostile input: a 5 MB single line, 20 000 headings, a list 2 000 deep', () => {
    const started = performance.now();
    const line = 'x'.repeat(5_000_000);
    const chunks = chunkDocument(markdownDocument(line), { maxCharacters: 1_000 });
    expect(chunks).toHaveLength(5_000);
    expect(chunks.map((chunk) => chunk.content).join('')).toBe(line);
    const headings = Array.from(
      { length: 20_000 },
      (_, index) => `${'#'.repeat((index % 6) + 1)} H${index}\n\nText ${index}.`,
    );
    expect(chunkDocument(markdownDocument(headings.join('\n\n')))).toHaveLength(20_000);
    const nested = Array.from({ length: 2_000 }, (_, depth) => `${'  '.repeat(depth)}- item`);
    expect(chunkDocument(markdownDocument(nested.join('\n'))).length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('chunkQa', () => {
  it('makes one chunk per pair, titled with the question, skipping empty pairs', () => {
    expect(
      chunkQa([
        { question: '  How do I\nreset my key? ', answer: 'Use the console.\r\n\r\nThen reload.' },
        { question: ' ', answer: '' },
      ]),
    ).toEqual([
      {
        title: 'How do I reset my key?',
        content: 'How do I reset my key?\n\nUse the console.\n\nThen reload.',
      },
    ]);
  });

  it('splits a long answer, each piece starting with the question', () => {
    const chunks = chunkQa([{ question: 'Why?', answer: 'Because it is so. '.repeat(200) }], {
      maxCharacters: 300,
    });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.content.startsWith('Why?\n\nBecause')).toBe(true);
      expect(chunk.content.length).toBeLessThanOrEqual(300);
    }
  });
});

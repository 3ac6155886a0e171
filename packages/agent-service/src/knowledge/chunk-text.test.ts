import { describe, expect, it } from 'vitest';
import { chunkText, splitBlocks } from './chunk-text.js';

describe('splitBlocks', () => {
  it('keeps fenced code whole (blank lines inside included) and headings apart', () => {
    const text = 'Intro line one\nline two\n\n## Setup\n```sh\nnpm i\n\nnpm start\n```\nAfter.';
    expect(splitBlocks(text)).toEqual([
      'Intro line one\nline two',
      '## Setup',
      '```sh\nnpm i\n\nnpm start\n```',
      'After.',
    ]);
  });

  it('handles CRLF line endings', () => {
    expect(splitBlocks('a\r\nb\r\n\r\nc')).toEqual(['a\nb', 'c']);
  });
});

describe('chunkText', () => {
  it('titles chunks with the document title and nearest heading', () => {
    const chunks = chunkText('# Guide\n\nWelcome.\n\n## Install\n\nRun it.', 'guide.md');
    expect(chunks).toEqual([
      { position: 0, title: 'Guide', content: 'Welcome.' },
      { position: 1, title: 'Guide › Install', content: 'Run it.' },
    ]);
  });

  it('uses the document name when there is no top heading', () => {
    expect(chunkText('Just text.', 'notes.txt')[0]?.title).toBe('notes.txt');
  });

  it('packs paragraphs up to the size limit and splits long ones at sentences', () => {
    const sentence = 'This sentence is about forty characters. ';
    const long = sentence.repeat(10).trim();
    const chunks = chunkText(`${long}\n\nShort.\n\nAnother short one.`, 'doc', { maxChars: 120 });
    for (const chunk of chunks) expect(chunk.content.length).toBeLessThanOrEqual(120);
    expect(chunks.map((chunk) => chunk.content).join(' ')).toContain('Short.');
    expect(chunks[0]?.content.endsWith('.')).toBe(true);
    expect(chunks.map((chunk) => chunk.position)).toEqual(chunks.map((_, index) => index));
  });
});

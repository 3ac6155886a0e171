import { describe, expect, it } from 'vitest';
import { TITLE_SEPARATOR } from '../../lexical-index/index.js';
import { GENERATOR_PAGES } from '../../testing/index.js';
import { loadDocument } from '../loaders/index.js';
import { chunkDocument } from './chunk-document.js';

// What a heading permalink leaves behind when it is read as text.
const permalinkTraces = [
  '¶',
  '\u200B',
  'ZeroWidthSpace',
  'Direct link to',
  'Permalink',
  'Permanent link',
  'Link to this heading',
  'Section titled',
  '{#',
];

describe.each(GENERATOR_PAGES)('a $generator page', (page) => {
  const load = () =>
    loadDocument({
      bytes: new TextEncoder().encode(page.html),
      url: 'https://docs.example/guide/page',
      mimeType: 'text/html; charset=utf-8',
    });

  it('is read as its main content, titled by its <h1>, without the chrome', async () => {
    const document = await load();
    expect(document.title).toBe(page.title);
    for (const section of page.sections) expect(document.markdown).toContain(section.phrase);
    for (const phrase of page.chromePhrases) {
      expect(document.markdown, phrase).not.toContain(phrase);
    }
  });

  it('gives each chunk its heading path and its section id, without permalink glyphs', async () => {
    const chunks = chunkDocument(await load());
    for (const section of page.sections) {
      const chunk = chunks.find((candidate) => candidate.content.includes(section.phrase));
      expect(chunk, section.phrase).toBeDefined();
      expect(chunk?.title, section.phrase).toBe(
        [page.title, ...section.path].join(TITLE_SEPARATOR),
      );
      expect(chunk?.anchor, section.phrase).toBe(section.id);
    }
    for (const chunk of chunks) {
      for (const trace of permalinkTraces) {
        expect(chunk.title, trace).not.toContain(trace);
        expect(chunk.content, trace).not.toContain(trace);
      }
      for (const heading of chunk.title.split(TITLE_SEPARATOR)) {
        expect(heading).toBe(heading.trim());
        expect(heading).not.toMatch(/#$/);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { retrieve } from './retrieve.js';
import { exampleOf } from './section-example.js';

const section = { title: 'CLI › Options › `--cache-strategy`', content: 'Strategy for the cache.' };
const code = '```\nnpx eslint --cache --cache-strategy content\n```';

describe('exampleOf', () => {
  it('is the next chunk when it is a short, code-only subsection of the section', () => {
    const next = { title: `${section.title} › Example`, content: code };
    expect(exampleOf(section, next)).toBe(code);
    const twoBlocks = `${code}\n\n\`\`\`\nnpx eslint --cache-strategy metadata\n\`\`\``;
    expect(exampleOf(section, { ...next, content: twoBlocks })).toBe(twoBlocks);
  });

  it('is nothing for a sibling, a deeper chunk, prose, a long block, or no next chunk', () => {
    expect(exampleOf(section, { title: 'CLI › Options › `--cache-location`', content: code })).toBe(
      undefined,
    );
    expect(exampleOf(section, { title: `${section.title} › Example › More`, content: code })).toBe(
      undefined,
    );
    expect(
      exampleOf(section, { title: `${section.title} › Example`, content: `Run it:\n\n${code}` }),
    ).toBe(undefined);
    const long = `\`\`\`\n${'npx eslint --cache\n'.repeat(30)}\`\`\``;
    expect(exampleOf(section, { title: `${section.title} › Example`, content: long })).toBe(
      undefined,
    );
    expect(exampleOf(section, undefined)).toBe(undefined);
  });
});

const CLI_PAGE = [
  '# CLI',
  '',
  '## Caching',
  '',
  '### --cache-strategy',
  '',
  'Strategy for the cache to use for detecting changed files. The content strategy helps when',
  'modification times change although the contents have not, as after a git clone.',
  '',
  '#### Example',
  '',
  code,
  '',
  '### --cache-location',
  '',
  'Path to the cache location.',
].join('\n');

describe('retrieve when answering (the section-example stage)', () => {
  it('attaches the example to the section it follows, only when asked to', async () => {
    const { service, datastoreId } = await startWithDocuments([{ name: 'cli.md', text: CLI_PAGE }]);
    try {
      const question = 'Modification times change after every git clone; which cache strategy?';
      const answering = await retrieve(service.database, question, {
        datastoreIds: [datastoreId],
        purpose: 'answer',
      });
      const strategy = answering.passages.find((passage) =>
        passage.title.endsWith('--cache-strategy'),
      );
      expect(strategy?.example).toBe(code);
      const others = answering.passages.filter((passage) => passage !== strategy);
      expect(others.every((passage) => passage.example === undefined)).toBe(true);
      const search = await retrieve(service.database, question, { datastoreIds: [datastoreId] });
      expect(search.passages.some((passage) => passage.example !== undefined)).toBe(false);
    } finally {
      await service.close();
    }
  });
});

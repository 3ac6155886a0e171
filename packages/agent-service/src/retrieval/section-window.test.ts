import { describe, expect, it } from 'vitest';
import type { Queryable } from '../store/index.js';
import { startWithDocuments } from '../testing/index.js';
import type { StageName } from './ranking-pipeline.js';
import { retrieve } from './retrieve.js';
import { sectionAround } from './section-window.js';

const chunk = (position: number, title: string, content: string) => ({ position, title, content });

describe('sectionAround', () => {
  const passage = chunk(5, 'Guide › Delivery', 'The relay retries a webhook.');
  const page = [
    chunk(2, 'Guide › Delivery', 'Too far before.'),
    chunk(3, 'Guide › Delivery', 'Two before.'),
    chunk(4, 'Guide › Delivery', 'One before.'),
    chunk(6, 'Guide › Delivery', 'It gives up after eight attempts.'),
    chunk(7, 'Guide › Payloads', 'Another section.'),
    chunk(8, 'Guide › Delivery', 'Same title, after another section.'),
  ];

  it('is the passage with its section’s chunks on each side, in page order, within the window', () => {
    expect(sectionAround(passage, page, 2)).toEqual({
      before: ['Two before.', 'One before.'],
      after: ['It gives up after eight attempts.'],
    });
    expect(sectionAround(passage, page)).toEqual({
      before: ['One before.'],
      after: ['It gives up after eight attempts.'],
    });
  });

  it('stops at a chunk of another section, and is nothing for a section of one chunk', () => {
    expect(sectionAround(passage, page, 4)?.after).toEqual(['It gives up after eight attempts.']);
    expect(sectionAround(passage, page, 4)?.before).toContain('Too far before.');
    expect(sectionAround(chunk(7, 'Guide › Payloads', 'Another section.'), page, 2)).toBe(
      undefined,
    );
    expect(sectionAround(passage, page, 0)).toBe(undefined);
  });
});

const FILLER = Array.from(
  { length: 14 },
  (_, index) =>
    `Paragraph ${index + 1} of the delivery section says what receivers see of each request, in words of its own that no question here uses.`,
).join('\n\n');

const GUIDE = [
  '# Guide',
  '',
  '## Delivery',
  '',
  'The relay retries a webhook whose endpoint answers with an error status.',
  '',
  FILLER,
  '',
  'After eight failed attempts, it gives up and disables the endpoint.',
  '',
  '## Payloads',
  '',
  'Payloads are JSON documents.',
].join('\n');

describe('retrieve when answering (the section-window stage)', () => {
  it('gives the best passage its section around it, only when answering', async () => {
    const { service, datastoreId } = await startWithDocuments([{ name: 'guide.md', text: GUIDE }]);
    try {
      const question = 'When does the relay stop retrying a webhook?';
      const answering = await retrieve(service.database, question, {
        datastoreIds: [datastoreId],
        purpose: 'answer',
      });
      const [first, ...others] = answering.passages;
      expect(first?.content).toContain('The relay retries a webhook');
      expect(first?.content).not.toContain('After eight failed attempts');
      expect(first?.section?.before).toEqual([]);
      expect(first?.section?.after.join('\n\n')).toContain('After eight failed attempts');
      expect(first?.section?.after.join('\n\n')).not.toContain('Payloads are JSON documents.');
      expect(others.every((passage) => passage.section === undefined)).toBe(true);
      const search = await retrieve(service.database, question, { datastoreIds: [datastoreId] });
      expect(search.passages.some((passage) => passage.section !== undefined)).toBe(false);
    } finally {
      await service.close();
    }
  });

  it('reads the section in section-example’s statement, and on its own when that stage is off', async () => {
    const { service, datastoreId } = await startWithDocuments([{ name: 'guide.md', text: GUIDE }]);
    try {
      const statements: string[] = [];
      const counting: Queryable = {
        query: (sql, params) => {
          statements.push(sql);
          return service.database.query(sql, params);
        },
        exec: (sql) => service.database.exec(sql),
      };
      const ask = async (stagesOff: StageName[]) => {
        statements.length = 0;
        const { passages } = await retrieve(
          counting,
          'When does the relay stop retrying a webhook?',
          {
            datastoreIds: [datastoreId],
            purpose: 'answer',
            stagesOff: new Set(stagesOff),
          },
        );
        return { section: passages[0]?.section, statements: statements.length };
      };
      const every = await ask([]);
      expect(every.section?.after.join('\n\n')).toContain('After eight failed attempts');
      // The window costs no statement of its own after section-example's read…
      expect((await ask(['section-window'])).statements).toBe(every.statements);
      // …and reads the same section itself when that stage is off.
      const alone = await ask(['section-example']);
      expect(alone.section).toEqual(every.section);
      expect(alone.statements).toBe(every.statements);
    } finally {
      await service.close();
    }
  });
});

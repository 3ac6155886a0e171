import { describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { firstSectionAfter } from './first-section.js';
import { retrieve } from './retrieve.js';

describe('firstSectionAfter', () => {
  const intro = { title: 'no-loop-func' };

  it("is the first chunk of the page's first section, past the intro's own continuation", () => {
    const details = { title: 'no-loop-func › Rule Details' };
    expect(firstSectionAfter(intro, [details, { title: 'no-loop-func › Options' }])).toBe(details);
    expect(firstSectionAfter(intro, [{ title: 'no-loop-func' }, details])).toBe(details);
  });

  it('is nothing after a section, before another page, or past the chunks read', () => {
    expect(
      firstSectionAfter({ title: 'no-loop-func › Rule Details' }, [
        { title: 'no-loop-func › Rule Details › Options' },
      ]),
    ).toBe(undefined);
    expect(firstSectionAfter(intro, [{ title: 'no-loop-func-extra › Rule Details' }])).toBe(
      undefined,
    );
    expect(firstSectionAfter(intro, [{ title: 'no-loop-func' }])).toBe(undefined);
    expect(firstSectionAfter(intro, [])).toBe(undefined);
  });
});

const RULE_PAGE = [
  '# no-loop-func',
  '',
  'Disallow function declarations that contain unsafe references inside loop statements.',
  '',
  'Writing functions within loops tends to result in errors due to the way the function',
  'creates a closure around the loop.',
  '',
  '## Rule Details',
  '',
  'This check reports callbacks that capture modified outer variables. It ignores',
  'immediately invoked expressions but not async or generator ones.',
  '',
  '## When Not To Use It',
  '',
  'If you need closures over loop counters, turn this rule off.',
].join('\n');

const OTHER_PAGE = [
  '# no-inner-declarations',
  '',
  'Disallow variable or function declarations in nested blocks.',
].join('\n');

describe("retrieve when answering (the best-subsection stage: an intro's first section)", () => {
  it("puts the page's first section right after its intro, only when asked to", async () => {
    const { service, datastoreId } = await startWithDocuments([
      { name: 'no-loop-func.md', text: RULE_PAGE },
      { name: 'no-inner-declarations.md', text: OTHER_PAGE },
    ]);
    try {
      // The first section shares no word with the question: only its place brings it.
      const question = 'Writing functions within loops creates a closure: which rule is that?';
      const answering = await retrieve(service.database, question, {
        datastoreIds: [datastoreId],
        limit: 2,
        purpose: 'answer',
      });
      const titles = answering.passages.map((passage) => passage.title);
      expect(titles[0]).toBe('no-loop-func');
      expect(titles[1]).toBe('no-loop-func › Rule Details');
      const scores = answering.passages.map((passage) => passage.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const search = await retrieve(service.database, question, {
        datastoreIds: [datastoreId],
        limit: 2,
      });
      expect(search.passages.map((passage) => passage.title)).not.toContain(
        'no-loop-func › Rule Details',
      );
    } finally {
      await service.close();
    }
  });
});

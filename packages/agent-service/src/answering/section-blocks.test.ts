import { describe, expect, it } from 'vitest';
import { queryTerms } from '../lexical-index/index.js';
import type { Passage } from '../retrieval/index.js';
import { quotableBlocks, sectionBlocksOf } from './section-blocks.js';

const passage = (content: string, section?: Passage['section']): Passage => ({
  chunkId: 'c1',
  datasourceId: 'd1',
  datasourceName: 'Webhooks',
  title: 'Webhooks › Delivery',
  content,
  position: 4,
  score: 1,
  ...(section ? { section } : {}),
});

describe('sectionBlocksOf', () => {
  it('is the section’s chunks before, the passage’s own blocks, the chunks after', () => {
    const read = sectionBlocksOf(
      passage('The relay retries a webhook.\n\nEach retry waits longer.', {
        before: ['Webhooks notify your service.'],
        after: ['After eight failed attempts the relay gives up.\n\nEvents are sent in order.'],
      }),
    );
    expect(read.blocks).toEqual([
      'Webhooks notify your service.',
      'The relay retries a webhook.',
      'Each retry waits longer.',
      'After eight failed attempts the relay gives up.',
      'Events are sent in order.',
    ]);
    expect(read.own).toEqual([1, 3]);
  });

  it('is the passage’s own blocks alone without a section', () => {
    expect(sectionBlocksOf(passage('One.\n\nTwo.'))).toEqual({
      blocks: ['One.', 'Two.'],
      own: [0, 2],
    });
  });
});

describe('quotableBlocks', () => {
  it('quotes the section’s other chunks only for a question word the passage lacks', () => {
    const passages = [
      passage('The relay retries a webhook whose endpoint fails.', {
        before: ['The relay posts each webhook to its endpoint.'],
        after: ['After eight failed attempts the relay gives up.'],
      }),
      passage('A passage with no section.'),
    ];
    const parts = passages.map(sectionBlocksOf);
    const quotable = quotableBlocks(
      passages,
      parts,
      queryTerms('When does the relay give up retrying a webhook?'),
    );
    expect(quotable(0, 1)).toBe(true);
    // "webhook", "relay": the passage holds them already.
    expect(quotable(0, 0)).toBe(false);
    // "give": only the next chunk holds it.
    expect(quotable(0, 2)).toBe(true);
    expect(quotable(1, 0)).toBe(true);
  });
});

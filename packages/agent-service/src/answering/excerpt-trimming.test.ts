import { describe, expect, it } from 'vitest';
import { queryTerms } from '../lexical-index/index.js';
import { bestPart, isTableBlock } from './excerpt-trimming.js';

const CAUSE = [
  'You have conflicting fixable rules in your configuration.',
  'The linter fixes code in several passes, so one pass may undo what an earlier pass did.',
  'For example, one rule removes a trailing comma and another adds it back in the same place, which changes the code back to its previous version.',
  'The linter warns when it detects such cycles.',
].join(' ');
const question =
  'When I run with --fix, the linter warns about circular fixes and the code flips back to the previous version. What causes that?';

describe('bestPart', () => {
  it('keeps the sentences of long prose that share the question words, in document order', () => {
    const part = bestPart(CAUSE, queryTerms(question), 260, { titleHits: 1 });
    expect(part.length).toBeLessThanOrEqual(260);
    expect(part).toContain('trailing comma');
    expect(part).not.toContain('conflicting fixable rules');
  });

  it('keeps the first sentence too when the block opens a section whose heading matches', () => {
    const part = bestPart(CAUSE, queryTerms(question), 260, {
      titleHits: 1,
      opensMatchingSection: true,
    });
    expect(part.startsWith('You have conflicting fixable rules in your configuration.')).toBe(true);
    expect(part.length).toBeLessThanOrEqual(260);
  });

  it('keeps a sentence that continues a kept one with it', () => {
    const block = [
      'Signals notify subscribers; they are not meant to change the request.',
      'The core `before_request()` handler runs in a fixed order and can abort the request early by returning a response.',
      'In contrast, signal handlers run in an undefined order and cannot stop anything.',
      'Every signal is sent with the application as its sender.',
    ].join(' ');
    const part = bestPart(
      block,
      queryTerms(
        'Can a request_started subscriber abort the request early, as before_request can?',
      ),
      220,
      { titleHits: 0 },
    );
    expect(part).toContain('can abort the request early');
    expect(part).toContain('In contrast, signal handlers run in an undefined order');
    expect(part).not.toContain('Every signal');
  });

  it("keeps a setting's default after the sentences that match, while it fits", () => {
    const block = [
      "How long a worker holds a queue's lock before it checks whether another worker has stalled.",
      'The check is expensive, so a worker waits a while before it runs it.',
      'If this value is given without units, it is read as milliseconds.',
      'The default is one second (1s).',
      'Values under one hundred milliseconds are rounded up.',
    ].join(' ');
    const terms = queryTerms(
      'How long does a worker wait on a lock before checking for a stalled worker?',
    );
    const part = bestPart(block, terms, 260, { titleHits: 0 });
    expect(part).toContain('The default is one second (1s).');
    expect(part).not.toContain('rounded up');
    expect(bestPart(block, terms, 170, { titleHits: 0 })).not.toContain('default');
  });

  it('keeps a block that fits, or a code block, whole', () => {
    expect(bestPart(CAUSE, queryTerms(question), 1_000, { titleHits: 0 })).toBe(CAUSE);
    const code = '```js\nconst a = 1;\n```';
    expect(bestPart(code, queryTerms(question), 5, { titleHits: 0 })).toBe(code);
  });

  it('keeps of a long table its header and the rows holding the most question words, whole', () => {
    const table = [
      '| Option | Default | Description |',
      '| :-- | :-: | --- |',
      '| `outDir` | `dist` | Where the bundled files are written. Relative to the root. |',
      '| `minify` | `false` | Minifies the output. Slower. |',
      '| `emptyOutDir` | `true` | Empties the output directory first. A warning is printed otherwise. |',
    ].join('\n');
    const part = bestPart(table, queryTerms('Is the output directory emptied first?'), 90, {
      titleHits: 0,
    });
    expect(part).toBe(
      [
        '| Option | Default | Description |',
        '| :-- | :-: | --- |',
        '| `emptyOutDir` | `true` | Empties the output directory first. A warning is printed otherwise. |',
      ].join('\n'),
    );
  });
});

describe('isTableBlock', () => {
  it('is a header row followed by a delimiter row', () => {
    expect(isTableBlock('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(true);
    expect(isTableBlock('a | b\n--- | ---')).toBe(true);
    expect(isTableBlock('| a | b |\n| 1 | 2 |')).toBe(false);
    expect(isTableBlock('Some text\n---')).toBe(false);
    expect(isTableBlock('```\n| a |\n|---|\n```')).toBe(false);
  });
});

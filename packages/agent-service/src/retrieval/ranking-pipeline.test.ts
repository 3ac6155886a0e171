import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithDocuments } from '../testing/index.js';
import { retrieve, STAGE_NAMES } from './index.js';

const RULE_PAGE = [
  '# no-dangling',
  '',
  'Disallow dangling underscores in identifiers.',
  '',
  '## Options',
  '',
  '- `allowAfterThis`: false (default) reports dangling underscores in members of the `this` object',
  '- `allowAfterSuper`: false (default) reports dangling underscores in members of the `super` object',
  '',
  '### allowAfterThis',
  '',
  'Examples of correct code with `{ "allowAfterThis": true }`: `this.foo_`.',
  '',
  '### allowAfterSuper',
  '',
  'Examples of correct code with `{ "allowAfterSuper": true }`: `super.foo_`.',
].join('\n');

const QUESTION = 'Can dangling underscores be allowed on members reached through super?';

describe('the ranking pipeline', () => {
  let started: Awaited<ReturnType<typeof startWithDocuments>>;
  beforeAll(async () => {
    started = await startWithDocuments([{ name: 'no-dangling.md', text: RULE_PAGE }]);
  });
  afterAll(() => started.service.close());

  it('skips a stage named in stagesOff, and only that one', async () => {
    const { service, datastoreId } = started;
    const titles = async (stagesOff?: ReadonlySet<(typeof STAGE_NAMES)[number]>) =>
      (
        await retrieve(service.database, QUESTION, { datastoreIds: [datastoreId], stagesOff })
      ).passages.map((passage) => passage.title);
    expect((await titles())[0]).toBe('no-dangling › Options › allowAfterSuper');
    expect((await titles(new Set(['best-subsection'])))[0]).toBe('no-dangling › Options');
    expect((await titles(new Set(['bare-list'])))[0]).toBe(
      'no-dangling › Options › allowAfterSuper',
    );
  });

  it('explains each passage: its score and rank after the candidates and each stage, in order', async () => {
    const { service, datastoreId } = started;
    const found = await retrieve(service.database, QUESTION, {
      datastoreIds: [datastoreId],
      explain: true,
    });
    expect(found.explanations).toHaveLength(found.passages.length);
    found.explanations?.forEach((steps, index) => {
      const stages = steps.map((step) => step.stage);
      expect(stages[0]).toBe('bm25');
      // Stages in the pipeline's order, none that only answering runs.
      expect(stages.slice(1)).toEqual(STAGE_NAMES.filter((name) => stages.includes(name)));
      expect(stages).not.toContain('relevance-floor');
      expect(stages).not.toContain('section-example');
      // The last step is where the passage ended.
      expect(steps.at(-1)).toEqual({
        stage: steps.at(-1)?.stage,
        score: found.passages[index]?.score,
        rank: index + 1,
      });
    });
    // The named subsection was lifted to the top by its stage.
    const lifted = found.explanations?.[0] ?? [];
    const before = lifted.at(-2);
    expect(lifted.at(-1)?.stage).toBe('best-subsection');
    expect(before?.rank === null || (before?.rank ?? 0) > 1).toBe(true);
    // Without explain, nothing is kept.
    const plain = await retrieve(service.database, QUESTION, { datastoreIds: [datastoreId] });
    expect(plain.explanations).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { NOTHING_FOUND_ANSWER } from '../answering/index.js';
import type { EvalQuestion } from './eval-questions.js';
import { failedMeasures, scoreReply } from './eval-score.js';

const question: EvalQuestion = {
  id: 'q1',
  question: 'How do I read env vars in a Worker?',
  page: '/docs/workers',
  heading: 'env',
  phrases: ['c.env', 'wrangler secret put'],
};
const at = (path: string, name = path) => ({
  source_url: `http://127.0.0.1:4000${path}`,
  datasource_name: name,
});

describe('scoreReply', () => {
  it('scores a right answer on every measure', () => {
    const score = scoreReply(question, {
      answer: 'Read them from `c.env`; add secrets with **wrangler secret put**.',
      sources: [at('/docs/workers/#env'), at('/docs/other')],
    });
    expect(score).toEqual({
      source1: true,
      source3: true,
      section3: true,
      phrase: true,
      missingPhrases: [],
      refused: false,
      correct: true,
      codeBlockLeftOpen: false,
    });
    expect(failedMeasures(score)).toEqual([]);
  });

  it('counts the page third as source@3 but not source@1, and lists missing phrases', () => {
    const score = scoreReply(question, {
      answer: 'Read them from c.env.',
      sources: [at('/a'), at('/b'), at('/docs/workers#workers'), at('/docs/workers#env')],
    });
    expect(score).toMatchObject({
      source1: false,
      source3: true,
      section3: false,
      phrase: false,
      missingPhrases: ['wrangler secret put'],
      correct: false,
    });
    expect(failedMeasures(score)).toEqual(['section@3', 'phrase']);
  });

  it("counts a cited id inside the heading's section as section@3 (issue 50)", () => {
    const reply = {
      answer: 'Read them from c.env; add secrets with wrangler secret put.',
      sources: [at('/docs/workers#bindings-env-type')],
    };
    expect(scoreReply(question, reply).section3).toBe(false);
    const withIds = { ...question, sectionIds: ['bindings-env-type'] };
    expect(scoreReply(withIds, reply)).toMatchObject({ section3: true, correct: true });
  });

  it('leaves section and phrase out when the question has no heading or phrases', () => {
    const score = scoreReply(
      { id: 'q2', question: 'Setup?', page: 'setup.md', phrases: [] },
      { answer: 'Run npm install.', sources: [{ source_url: null, datasource_name: 'setup.md' }] },
    );
    expect(score).toEqual({
      source1: true,
      source3: true,
      missingPhrases: [],
      refused: false,
      correct: true,
      codeBlockLeftOpen: false,
    });
  });

  it('tells an answer that leaves a code block open, whatever else it scores', () => {
    const reply = {
      answer:
        'Read them from `c.env`:\n\n```ts\nc.env.KEY\n``` [1]\n\nAdd them with wrangler secret put.',
      sources: [at('/docs/workers#env')],
    };
    expect(scoreReply(question, reply)).toMatchObject({ correct: true, codeBlockLeftOpen: true });
  });

  it('marks an answerable question refused when nothing is cited', () => {
    const score = scoreReply(question, { answer: NOTHING_FOUND_ANSWER, sources: [] });
    expect(score).toMatchObject({ source1: false, source3: false, refused: true, correct: false });
    expect(failedMeasures(score)).toEqual(['source@3', 'section@3', 'phrase']);
  });

  it('scores an unanswerable question by whether it was declined', () => {
    const unanswerable: EvalQuestion = { id: 'u1', question: 'Pricing?', page: null, phrases: [] };
    expect(scoreReply(unanswerable, { answer: NOTHING_FOUND_ANSWER, sources: [] })).toEqual({
      declined: true,
      missingPhrases: [],
      correct: true,
      codeBlockLeftOpen: false,
    });
    const quoted = scoreReply(unanswerable, { answer: 'Hono is fast.', sources: [at('/')] });
    expect(quoted).toEqual({
      declined: false,
      missingPhrases: [],
      correct: false,
      codeBlockLeftOpen: false,
    });
    expect(failedMeasures(quoted)).toEqual(['declined']);
  });
});

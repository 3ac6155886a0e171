import { describe, expect, it } from 'vitest';
import { diagnoseMiss, lostAtStage, type RetrievedFragment } from './eval-diagnosis.js';
import type { EvalQuestion } from './eval-questions.js';
import { scoreReply } from './eval-score.js';
import { isSamePage } from './eval-source-match.js';

const question: EvalQuestion = {
  id: 'q1',
  question: 'How do I stream?',
  page: '/docs/streaming',
  heading: 'errors',
  phrases: ['onError'],
};
const fragment = (url: string, text: string): RetrievedFragment => ({
  source_url: `http://h${url}`,
  datasource_name: url,
  text,
});

describe('diagnoseMiss', () => {
  const wrongPage = scoreReply(question, {
    answer: 'See elsewhere.',
    sources: [fragment('/x', '')],
  });

  it('blames retrieval when the search lacks the page too', () => {
    expect(
      diagnoseMiss(question, wrongPage, [fragment('/x', 'onError'), fragment('/y', '')]),
    ).toEqual({ lostBy: 'retrieval', pageRank: null, sectionRank: null, phrasesRetrieved: true });
  });

  it('blames the answer when the search has the page, the section and the phrases', () => {
    expect(
      diagnoseMiss(question, wrongPage, [
        fragment('/x', ''),
        fragment('/docs/streaming#intro', 'Streaming.'),
        fragment('/docs/streaming/#errors', 'Pass `onError` to catch errors.'),
      ]),
    ).toEqual({ lostBy: 'answer', pageRank: 2, sectionRank: 3, phrasesRetrieved: true });
  });

  it('blames retrieval for a section miss when the search lacks the section', () => {
    const sectionMiss = scoreReply(question, {
      answer: 'Use onError.',
      sources: [fragment('/docs/streaming#intro', '')],
    });
    expect(
      diagnoseMiss(question, sectionMiss, [fragment('/docs/streaming#intro', 'onError')]),
    ).toMatchObject({ lostBy: 'retrieval', pageRank: 1, sectionRank: null });
  });

  it('blames retrieval for a phrase miss when the fragments lack the phrase', () => {
    const phraseMiss = scoreReply(question, {
      answer: 'Errors are caught.',
      sources: [fragment('/docs/streaming#errors', '')],
    });
    expect(
      diagnoseMiss(question, phraseMiss, [
        fragment('/docs/streaming#errors', 'Errors are caught.'),
      ]),
    ).toMatchObject({ lostBy: 'retrieval', phrasesRetrieved: false });
    expect(
      diagnoseMiss(question, phraseMiss, [fragment('/docs/streaming#errors', 'Use **onError**.')]),
    ).toMatchObject({ lostBy: 'answer', phrasesRetrieved: true });
  });
});

describe('lostAtStage (from the search’s explain)', () => {
  const ranked = (url: string, ranks: (number | null)[]): RetrievedFragment => ({
    ...fragment(url, ''),
    stages: ['bm25', 'sentence-rerank', 'page-support'].map((stage, index) => ({
      stage,
      rank: ranks[index] ?? null,
    })),
  });
  const isPage = (source: Parameters<typeof isSamePage>[1]) =>
    isSamePage('/docs/streaming', source);

  it('names the stage after which the page left the top k and stayed out', () => {
    const fragments = [ranked('/x', [3, 1, 1]), ranked('/docs/streaming#a', [2, 2, 5])];
    expect(lostAtStage(fragments, isPage, 3)).toBe('page-support');
    // Out after the re-rank, back in by page support, out again: still page support's.
    expect(lostAtStage([ranked('/docs/streaming', [1, 9, 2])], isPage, 3)).toBe(undefined);
    expect(lostAtStage([ranked('/docs/streaming', [1, 9, 9])], isPage, 3)).toBe('sentence-rerank');
  });

  it('blames the candidates when the page was never in reach, or not found at all', () => {
    expect(lostAtStage([ranked('/docs/streaming', [12, 11, 14])], isPage, 10)).toBe('bm25');
    expect(lostAtStage([ranked('/x', [1, 1, 1])], isPage, 10)).toBe('bm25');
  });

  it('says nothing without explained fragments', () => {
    expect(lostAtStage([fragment('/x', '')], isPage, 10)).toBe(undefined);
  });

  it('is what diagnoseMiss reports for a page retrieval lost', () => {
    const wrongPage = scoreReply(question, {
      answer: 'See elsewhere.',
      sources: [fragment('/x', '')],
    });
    const fragments = [ranked('/x', [2, 1, 1]), ranked('/docs/streaming#errors', [1, 2, 2])];
    expect(diagnoseMiss(question, wrongPage, fragments, 1)).toMatchObject({
      lostBy: 'retrieval',
      pageRank: null,
      lostAt: 'sentence-rerank',
    });
    // In the top k: lost by the answer, no stage named.
    expect(diagnoseMiss(question, wrongPage, fragments, 2)).not.toHaveProperty('lostAt');
  });
});

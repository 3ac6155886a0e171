import { describe, expect, it } from 'vitest';
import { diagnoseMiss, type RetrievedFragment } from './eval-diagnosis.js';
import type { EvalQuestion } from './eval-questions.js';
import { scoreReply } from './eval-score.js';

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

import { describe, expect, it } from 'vitest';
import { NOTHING_FOUND_ANSWER } from '../answering/index.js';
import { isDecline, isRefusal, saysItDoesNotKnow } from './eval-decline.js';

const source = { source_url: 'https://example.com/docs', datasource_name: 'Docs' };

describe('saysItDoesNotKnow', () => {
  it("recognises the service's decline sentence and a model's usual ones", () => {
    expect(saysItDoesNotKnow(NOTHING_FOUND_ANSWER)).toBe(true);
    expect(saysItDoesNotKnow("I don't know.")).toBe(true);
    expect(saysItDoesNotKnow('Sorry, I **couldn’t find** that in the docs.')).toBe(true);
    expect(saysItDoesNotKnow('The documentation does not cover release dates.')).toBe(true);
    expect(saysItDoesNotKnow('There is no information about pricing.')).toBe(true);
    expect(saysItDoesNotKnow('That is not mentioned in the documents I have.')).toBe(true);
  });

  it('does not take an answer for a decline', () => {
    expect(saysItDoesNotKnow('Use `app.notFound()`; it does not cover sub-apps.')).toBe(false);
    expect(saysItDoesNotKnow('Set maxRequestBodySize in Bun.serve.')).toBe(false);
    expect(
      saysItDoesNotKnow(`${'Hono runs on every runtime. '.repeat(10)}I don't know more.`),
    ).toBe(false);
  });
});

describe('isDecline', () => {
  it('needs no sources, and a decline sentence or a short answer', () => {
    expect(isDecline({ answer: NOTHING_FOUND_ANSWER, sources: [] })).toBe(true);
    expect(isDecline({ answer: 'Je ne sais pas.', sources: [] })).toBe(true);
    expect(isDecline({ answer: NOTHING_FOUND_ANSWER, sources: [source] })).toBe(false);
    expect(isDecline({ answer: 'A long invented answer. '.repeat(20), sources: [] })).toBe(false);
  });
});

describe('isRefusal', () => {
  it('is no sources, or a decline sentence despite sources', () => {
    expect(isRefusal({ answer: 'Use app.fetch.', sources: [] })).toBe(true);
    expect(isRefusal({ answer: NOTHING_FOUND_ANSWER, sources: [source] })).toBe(true);
    expect(isRefusal({ answer: 'Use app.fetch.', sources: [source] })).toBe(false);
  });
});

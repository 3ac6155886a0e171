import { describe, expect, it } from 'vitest';
import { isQueryResponse } from './query-response-check.js';

const valid = {
  answer: 'Hello',
  conversationId: 'c1',
  visitorId: 'v1',
  sources: [{ chunk_id: 'k', datasource_id: 'd', score: 1 }],
  messageId: 'm1',
};

describe('isQueryResponse', () => {
  it('accepts a query response, with extra fields and without sources', () => {
    expect(isQueryResponse(valid)).toBe(true);
    expect(isQueryResponse({ ...valid, metadata: {}, sources: [] })).toBe(true);
    const { sources: _sources, messageId: _messageId, ...minimal } = valid;
    expect(isQueryResponse(minimal)).toBe(true);
  });

  it.each([
    ['null', null],
    ['an array', [valid]],
    ['a string', 'Hello'],
    ['a number answer', { ...valid, answer: 42 }],
    ['no answer', { ...valid, answer: undefined }],
    ['no conversation id', { ...valid, conversationId: undefined }],
    ['a numeric visitor id', { ...valid, visitorId: 7 }],
    ['a non-string messageId', { ...valid, messageId: {} }],
    ['sources as an object', { ...valid, sources: {} }],
    ['a source that is not an object', { ...valid, sources: ['x'] }],
    ['an error body', { error: { code: 'X', message: 'y' } }],
  ])('refuses %s', (_name, value) => {
    expect(isQueryResponse(value)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { continuesPrevious } from './continuations.js';

describe('continuesPrevious', () => {
  it('is a sentence opening with a connective or a demonstrative that refers back', () => {
    for (const text of [
      'To prevent this, set the Content Security Policy (CSP) response header.',
      'Fortunately this is however very simple to change by wrapping the input stream.',
      'In contrast all signal handlers are executed in undefined order.',
      'This example uses the `FlatCompat#extends()` method.',
      '**However**, the pool keeps its connections.',
    ]) {
      expect(continuesPrevious(text), text).toBe(true);
    }
  });

  it('is not a sentence that states something of its own', () => {
    for (const text of [
      'The `scriptNonce` value is added to every script tag.',
      'Thistle is a template engine.',
      'Whoever waits is served last.',
      'Sorting is done in memory.',
    ]) {
      expect(continuesPrevious(text), text).toBe(false);
    }
  });
});

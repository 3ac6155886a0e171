import { SEARCH_QUERY_LIMIT } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { typedPrefixes } from './type-ahead-bench.js';

describe('typedPrefixes', () => {
  it('types every prefix from 2 characters, none ending in a space', () => {
    expect(typedPrefixes('How do I fix it?')).toEqual([
      'Ho',
      'How',
      'How d',
      'How do',
      'How do I',
      'How do I f',
      'How do I fi',
      'How do I fix',
      'How do I fix i',
      'How do I fix it',
      'How do I fix it?',
    ]);
  });

  it("stops at the route's 200 characters, which a longer question's search never exceeds", () => {
    const question = `${'word '.repeat(60)}end`;
    const prefixes = typedPrefixes(question);
    expect(prefixes.at(-1)).toBe(question.slice(0, SEARCH_QUERY_LIMIT.max).trimEnd());
    expect(Math.max(...prefixes.map((prefix) => prefix.length))).toBeLessThanOrEqual(
      SEARCH_QUERY_LIMIT.max,
    );
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../limits.js';
import type { SearchRequest } from '../search.js';
import { parseBody } from './parse-body.js';
import { searchRequestSchema } from './search-schemas.js';

describe('searchRequestSchema', () => {
  it('takes a query and an optional limit, and is the SearchRequest type', () => {
    expectTypeOf<Required<z.output<typeof searchRequestSchema>>>().toEqualTypeOf<
      Required<{ query: string; limit: number | undefined; visitorId: string | undefined }>
    >();
    const parsed = parseBody(searchRequestSchema, { query: 'conf', limit: 5, extra: 1 });
    expect(parsed).toEqual({ success: true, data: { query: 'conf', limit: 5 } });
    const request: SearchRequest = { query: 'conf' };
    expect(parseBody(searchRequestSchema, request).success).toBe(true);
  });

  it.each([
    [{ query: '' }, 'query must not be empty'],
    [{ query: '   ' }, 'query must not be blank'],
    [{ query: 'x'.repeat(LIMITS.searchQuery.max + 1) }, 'query must be at most 200 characters'],
    [{ query: 'a\u0000b' }, 'found \\u0000'],
    [{ query: 'two\nlines' }, 'found \\u000a'],
    [{ query: 'tab\there' }, 'found \\u0009'],
    [{ query: 'c1\u0085' }, 'found \\u0085'],
    [{ query: 'ok', limit: 21 }, 'limit must be at most 20'],
    [{ query: 'ok', limit: 0 }, 'limit must be a positive integer'],
    [{}, 'query is required'],
    ['conf', 'The request body must be a JSON object'],
  ])('refuses %j with a clear message', (body, message) => {
    const parsed = parseBody(searchRequestSchema, body);
    expect(parsed.success).toBe(false);
    expect(parsed.success ? '' : parsed.message).toContain(message);
  });

  it('keeps a 200-character query and words of any script', () => {
    expect(parseBody(searchRequestSchema, { query: 'é'.repeat(200) }).success).toBe(true);
    expect(parseBody(searchRequestSchema, { query: 'إعداد المشروع' }).success).toBe(true);
  });
});

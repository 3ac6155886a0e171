import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { GapAnswerBody, GapHideBody, GapTopicsQuery } from '../gap-topics.js';
import { gapAnswerSchema, gapHideSchema, gapTopicsQuerySchema } from './gap-topic-schemas.js';
import { parseBody } from './parse-body.js';

type Parsed<T> = T extends object ? { [K in keyof T]: Exclude<T[K], undefined> } : T;

describe('gap topic schemas', () => {
  it('parse exactly what the protocol types describe (checked by tsc)', () => {
    expectTypeOf<Parsed<z.output<typeof gapTopicsQuerySchema>>>().toEqualTypeOf<
      Parsed<GapTopicsQuery>
    >();
    expectTypeOf<Parsed<z.output<typeof gapAnswerSchema>>>().toEqualTypeOf<Parsed<GapAnswerBody>>();
    expectTypeOf<Parsed<z.output<typeof gapHideSchema>>>().toEqualTypeOf<Parsed<GapHideBody>>();
  });

  it('needs an agent, normalises dates and the page size, refuses bad dates', () => {
    expect(
      parseBody(gapTopicsQuerySchema, { agentId: 'demo', from: '2026-01-01', limit: '5', x: '1' }),
    ).toEqual({
      success: true,
      data: { agentId: 'demo', from: '2026-01-01T00:00:00.000Z', limit: 5 },
    });
    expect(parseBody(gapTopicsQuerySchema, {})).toMatchObject({
      success: false,
      message: expect.stringContaining('agentId is required'),
    });
    expect(parseBody(gapTopicsQuerySchema, { agentId: 'a', to: 'yesterday' })).toMatchObject({
      success: false,
      message: expect.stringContaining('to must be an ISO 8601'),
    });
    expect(
      parseBody(gapTopicsQuerySchema, { agentId: 'a', from: '2026-02-01', to: '2026-01-01' }),
    ).toMatchObject({ success: false, message: expect.stringContaining('from must be before to') });
    expect(parseBody(gapTopicsQuerySchema, { agentId: 'a', limit: '101' })).toMatchObject({
      success: false,
      message: expect.stringContaining('limit must be a whole number from 1 to 100'),
    });
  });

  it('takes an answer with variants and a source URL, refusing blanks and other schemes', () => {
    const body = {
      agentId: 'demo',
      topicId: 'm1',
      question: 'Can I get a refund?',
      variants: ['money back?'],
      answer: 'Yes, within **14 days**.',
      sourceUrl: 'https://example.com/refunds',
    };
    expect(parseBody(gapAnswerSchema, body)).toEqual({ success: true, data: body });
    expect(parseBody(gapAnswerSchema, { ...body, answer: '  ' })).toMatchObject({
      success: false,
      message: expect.stringContaining('answer must not be blank'),
    });
    expect(parseBody(gapAnswerSchema, { ...body, sourceUrl: 'javascript:alert(1)' })).toMatchObject(
      { success: false, message: expect.stringContaining('sourceUrl must be an http(s) URL') },
    );
    expect(
      parseBody(gapHideSchema, { agentId: 'demo', topicId: 'm1', questions: [] }),
    ).toMatchObject({
      success: false,
      message: expect.stringContaining('questions must not be empty'),
    });
  });
});

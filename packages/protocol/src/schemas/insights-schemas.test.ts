import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { InsightsQuery } from '../insights.js';
import { insightsQuerySchema } from './insights-schemas.js';
import { parseBody } from './parse-body.js';

type Parsed<T> = T extends object ? { [K in keyof T]: Exclude<T[K], undefined> } : T;

describe('insights query schema', () => {
  it('parses exactly what InsightsQuery describes (checked by tsc)', () => {
    expectTypeOf<Parsed<z.output<typeof insightsQuerySchema>>>().toEqualTypeOf<InsightsQuery>();
  });

  it('normalises dates to ISO 8601 and drops unknown parameters', () => {
    expect(
      parseBody(insightsQuerySchema, {
        agentId: 'demo',
        from: '2026-01-01',
        to: '2026-02-01',
        x: '1',
      }),
    ).toEqual({
      success: true,
      data: { agentId: 'demo', from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
    });
    expect(parseBody(insightsQuerySchema, {})).toEqual({ success: true, data: {} });
  });

  it('refuses a backwards range, a range over 366 days and repeated or bad values, naming the field', () => {
    expect(parseBody(insightsQuerySchema, { from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      success: false,
      message: expect.stringContaining('from must be before to'),
    });
    expect(parseBody(insightsQuerySchema, { from: '2024-01-01', to: '2026-01-01' })).toMatchObject({
      success: false,
      message: expect.stringContaining('at most 366 days apart'),
    });
    expect(parseBody(insightsQuerySchema, { from: ['2026-01-01', '2026-01-02'] })).toMatchObject({
      success: false,
      message: expect.stringContaining('from must be given once'),
    });
    expect(parseBody(insightsQuerySchema, { to: 'yesterday' })).toMatchObject({
      success: false,
      message: expect.stringContaining('to must be an ISO 8601'),
    });
    expect(parseBody(insightsQuerySchema, { agentId: 'a b' })).toMatchObject({
      success: false,
      message: expect.stringContaining('agentId'),
    });
  });
});

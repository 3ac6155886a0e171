import { z } from 'zod';
import { INSIGHTS_LIMITS } from '../insights.js';
import { id, instant } from './schema-helpers.js';

const DAY_MS = 86_400_000;

/** A query's time range checked: `from` before `to`, at most {@link INSIGHTS_LIMITS}.rangeDays apart. */
export function withInsightsRange<
  Schema extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>,
>(schema: Schema): Schema {
  return schema
    .refine(
      (query) => query.from === undefined || query.to === undefined || query.from < query.to,
      {
        error: 'from must be before to',
      },
    )
    .refine(
      (query) =>
        query.from === undefined ||
        Date.parse(query.to ?? new Date().toISOString()) - Date.parse(query.from) <=
          INSIGHTS_LIMITS.rangeDays * DAY_MS,
      { error: `from and to must be at most ${INSIGHTS_LIMITS.rangeDays} days apart` },
    );
}

/**
 * Schema of `GET /api/insights` query strings (unknown parameters are dropped): `from`
 * before `to`, at most {@link INSIGHTS_LIMITS}.rangeDays apart.
 */
export const insightsQuerySchema = withInsightsRange(
  z.object(
    {
      agentId: id('agentId').optional(),
      from: instant('from').optional(),
      to: instant('to').optional(),
    },
    { error: 'The query string must be a set of parameters' },
  ),
);

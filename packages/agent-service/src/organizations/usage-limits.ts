import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';
import type { Organization } from './organization.js';
import type { UsageLimit } from './usage-limit.js';

/** Validates a quota. */
export function assertUsageLimit(limit: UsageLimit): void {
  if (!Number.isInteger(limit.queries) || limit.queries < 0) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'usageLimit.queries must be a whole number of 0 or more.',
    );
  }
  if (!Number.isFinite(limit.periodMs) || limit.periodMs <= 0) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'usageLimit.periodMs must be a positive number of milliseconds.',
    );
  }
}

/**
 * Counts one query against the organization's quota for the current fixed window and
 * returns whether it was allowed. Atomic: the increment happens only below the limit.
 */
async function consumeQuery(
  database: Queryable,
  organizationId: string,
  limit: UsageLimit,
  now: number,
): Promise<boolean> {
  if (limit.queries <= 0) return false;
  const periodStart = Math.floor(now / limit.periodMs) * limit.periodMs;
  const rows = await database.query(
    `INSERT INTO usage_counters (organization_id, period_start, queries) VALUES ($1, $2, 1)
     ON CONFLICT (organization_id, period_start)
     DO UPDATE SET queries = usage_counters.queries + 1 WHERE usage_counters.queries < $3
     RETURNING queries`,
    [organizationId, periodStart, limit.queries],
  );
  return rows.length > 0;
}

/**
 * Counts one query of `organization` against its own quota, else `defaultLimit` (none:
 * unlimited). Throws a 402 USAGE_LIMIT saying when the window resets once it is used up.
 */
export async function enforceUsageLimit(
  database: Queryable,
  organization: Organization,
  defaultLimit: UsageLimit | undefined,
  now: number,
): Promise<void> {
  const limit = organization.usageLimit ?? defaultLimit;
  if (!limit) return;
  if (await consumeQuery(database, organization.id, limit, now)) return;
  const resetsAt = new Date((Math.floor(now / limit.periodMs) + 1) * limit.periodMs);
  throw new AgentServiceError(
    ERROR_CODES.usageLimit,
    402,
    `The usage limit of this organization (${limit.queries} queries per ${limit.periodMs} ms) has been reached; it resets at ${resetsAt.toISOString()}.`,
  );
}

import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from './agent-service-error.js';
import { generateApiKey, hashApiKey } from './api-key.js';
import { createId } from './create-id.js';
import type { Database, Queryable } from './database.js';

/** A query quota: at most `queries` queries per window of `periodMs` milliseconds. */
export interface UsageLimit {
  queries: number;
  periodMs: number;
}

/** An organization: owns API keys, agents, datastores and conversations. */
export interface Organization {
  id: string;
  name: string;
  /** The organization's own quota; `null` means the service default applies. */
  usageLimit: UsageLimit | null;
}

/** Options of {@link createOrganization}. */
export interface CreateOrganizationOptions {
  /** Use this exact key (e.g. a stable demo key) instead of generating one. */
  apiKey?: string;
  /** The organization's own quota, overriding the service default. */
  usageLimit?: UsageLimit;
  /** Use this exact organization id (the demo organization). Default: generated. */
  id?: string;
}

interface OrganizationRow {
  id: string;
  name: string;
  usage_limit_queries: number | null;
  usage_limit_period_ms: number | null;
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    usageLimit:
      row.usage_limit_queries === null || row.usage_limit_period_ms === null
        ? null
        : { queries: row.usage_limit_queries, periodMs: Number(row.usage_limit_period_ms) },
  };
}

/** Rejects API keys too weak to be one. */
export function assertUsableApiKey(apiKey: string): void {
  if (apiKey.length < 16 || /\s/.test(apiKey)) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'An API key must be at least 16 characters long and contain no spaces.',
    );
  }
}

/** Registers `apiKey` (stored hashed) for an organization; an already registered key is refused. */
export async function addApiKey(
  database: Queryable,
  organizationId: string,
  apiKey: string,
): Promise<void> {
  assertUsableApiKey(apiKey);
  const rows = await database.query<{ organization_id: string }>(
    `INSERT INTO api_keys (key_hash, organization_id) VALUES ($1, $2)
     ON CONFLICT (key_hash) DO NOTHING RETURNING organization_id`,
    [hashApiKey(apiKey), organizationId],
  );
  if (rows.length === 0) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'This API key is already registered; choose another key.',
    );
  }
}

/**
 * Creates an organization and its first API key. The plaintext key is returned once;
 * only its hash is stored.
 */
export async function createOrganization(
  database: Database,
  name: string,
  options: CreateOrganizationOptions = {},
): Promise<{ organizationId: string; apiKey: string }> {
  const apiKey = options.apiKey ?? generateApiKey();
  const organizationId = options.id ?? createId();
  if (options.usageLimit) assertUsageLimit(options.usageLimit);
  await database.transaction(async (transaction) => {
    await transaction.query(
      `INSERT INTO organizations (id, name, usage_limit_queries, usage_limit_period_ms)
       VALUES ($1, $2, $3, $4)`,
      [
        organizationId,
        name,
        options.usageLimit?.queries ?? null,
        options.usageLimit?.periodMs ?? null,
      ],
    );
    await addApiKey(transaction, organizationId, apiKey);
  });
  return { organizationId, apiKey };
}

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

/** The organization with this id, or `undefined`. */
export async function getOrganization(
  database: Queryable,
  organizationId: string,
): Promise<Organization | undefined> {
  const rows = await database.query<OrganizationRow>(
    'SELECT id, name, usage_limit_queries, usage_limit_period_ms FROM organizations WHERE id = $1',
    [organizationId],
  );
  return rows[0] ? toOrganization(rows[0]) : undefined;
}

/** The organization an API key belongs to, or `undefined` for an unknown key. */
export async function findOrganizationByApiKey(
  database: Queryable,
  apiKey: string,
): Promise<Organization | undefined> {
  const rows = await database.query<OrganizationRow>(
    `SELECT o.id, o.name, o.usage_limit_queries, o.usage_limit_period_ms
     FROM api_keys k JOIN organizations o ON o.id = k.organization_id
     WHERE k.key_hash = $1`,
    [hashApiKey(apiKey)],
  );
  return rows[0] ? toOrganization(rows[0]) : undefined;
}

/**
 * Counts one query against the organization's quota for the current fixed window and
 * returns whether it was allowed. Atomic: the increment happens only below the limit.
 */
export async function consumeQuery(
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

import { createId, type Database, type Queryable } from '../store/index.js';
import { addApiKey, generateApiKey, hashApiKey } from './api-keys.js';
import type { Organization } from './organization.js';
import type { UsageLimit } from './usage-limit.js';
import { assertUsageLimit } from './usage-limits.js';

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

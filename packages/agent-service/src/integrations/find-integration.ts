import type { IntegrationKind } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { INTEGRATION_COLUMNS, type IntegrationRow } from './integration-row.js';

/**
 * An agent's integration with one platform, or `undefined`. Without `organizationId`
 * (a platform's public request names only the agent) any organization's.
 */
export async function findIntegration(
  database: Queryable,
  agentId: string,
  kind: IntegrationKind,
  organizationId?: string,
): Promise<IntegrationRow | undefined> {
  const rows = await database.query<IntegrationRow>(
    `SELECT ${INTEGRATION_COLUMNS} FROM integrations
     WHERE agent_id = $1 AND kind = $2 AND ($3::text IS NULL OR organization_id = $3)`,
    [agentId, kind, organizationId ?? null],
  );
  return rows[0];
}

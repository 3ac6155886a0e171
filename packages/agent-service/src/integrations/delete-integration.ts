import type { IntegrationKind } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';

/** Removes an agent's integration with one platform; whether there was one. */
export async function deleteIntegration(
  database: Queryable,
  organizationId: string,
  agentId: string,
  kind: IntegrationKind,
): Promise<boolean> {
  const rows = await database.query(
    'DELETE FROM integrations WHERE organization_id = $1 AND agent_id = $2 AND kind = $3 RETURNING agent_id',
    [organizationId, agentId, kind],
  );
  return rows.length > 0;
}

import type { IntegrationKind } from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { INTEGRATION_COLUMNS, type IntegrationRow } from './integration-row.js';

/** Stores (or replaces) an agent's integration with one platform. */
export async function saveIntegration(
  database: Queryable,
  integration: {
    organizationId: string;
    agentId: string;
    kind: IntegrationKind;
    externalId: string;
    settings: Record<string, string>;
    secrets: string;
  },
): Promise<IntegrationRow> {
  const rows = await database.query<IntegrationRow>(
    `INSERT INTO integrations (organization_id, agent_id, kind, external_id, settings, secrets)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6)
     ON CONFLICT (agent_id, kind) DO UPDATE SET external_id = EXCLUDED.external_id,
       settings = EXCLUDED.settings, secrets = EXCLUDED.secrets, updated_at = now()
     RETURNING ${INTEGRATION_COLUMNS}`,
    [
      integration.organizationId,
      integration.agentId,
      integration.kind,
      integration.externalId,
      JSON.stringify(integration.settings),
      integration.secrets,
    ],
  );
  return rows[0] as IntegrationRow;
}

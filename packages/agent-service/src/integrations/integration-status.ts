import type { IntegrationKind, IntegrationStatus } from '@agent-chat/protocol';
import type { IntegrationRow } from './integration-row.js';

/** The paths a platform posts to for an agent, relative to the service's public URL. */
export function integrationPaths(
  kind: IntegrationKind,
  agentId: string,
): { requestPath: string; interactionsPath: string } {
  const base = `/integrations/${kind}/${encodeURIComponent(agentId)}`;
  return kind === 'slack'
    ? { requestPath: `${base}/events`, interactionsPath: `${base}/interactions` }
    : { requestPath: `${base}/interactions`, interactionsPath: `${base}/interactions` };
}

/** An integration as the API shows it: set up or not, and where requests go; no secret. */
export function integrationStatus(
  kind: IntegrationKind,
  agentId: string,
  row: IntegrationRow | undefined,
): IntegrationStatus {
  return {
    kind,
    agentId,
    configured: row !== undefined,
    externalId: row?.externalId ?? null,
    ...integrationPaths(kind, agentId),
    updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
  };
}

import type { IntegrationKind } from '@agent-chat/protocol';

/** An integration as stored: whose it is, what it answers for, its sealed credentials. */
export interface IntegrationRow {
  organizationId: string;
  agentId: string;
  kind: IntegrationKind;
  /** The Slack team id, or the Discord application id. */
  externalId: string;
  /** What is not secret (the Slack bot's user id, …). */
  settings: Record<string, string>;
  /** The credentials, sealed by the integration cipher. */
  secrets: string;
  updatedAt: Date;
}

/** The columns of {@link IntegrationRow}, as the queries of this folder select them. */
export const INTEGRATION_COLUMNS = `organization_id AS "organizationId", agent_id AS "agentId", kind,
  external_id AS "externalId", settings, secrets, updated_at AS "updatedAt"`;

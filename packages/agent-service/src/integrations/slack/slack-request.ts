/**
 * A Slack request for an agent, checked before anything is parsed: the agent's Slack
 * integration found (404), its secrets opened, the signature over the raw body verified
 * (401); then its JSON read (400), and the organization and agent the integration is of.
 */
import type { Agent } from '@agent-chat/protocol';
import type { Request } from 'express';
import { invalidRequest } from '../../agent-service-error.js';
import { getAgent } from '../../agents/index.js';
import { getOrganization, type Organization } from '../../organizations/index.js';
import type { Queryable } from '../../store/index.js';
import { findIntegration } from '../find-integration.js';
import type { IntegrationDependencies } from '../integration-dependencies.js';
import { badSignature, requireCipher, unknownIntegration } from '../integration-errors.js';
import type { IntegrationRow } from '../integration-row.js';
import { verifySlackRequest } from './slack-signature.js';

/** What is sealed in a Slack integration's row. */
export interface SlackSecrets {
  botToken: string;
  signingSecret: string;
}

/** A Slack request for an agent, verified: the integration and its secrets. */
export interface VerifiedRequest {
  integration: IntegrationRow;
  secrets: SlackSecrets;
  body: Buffer;
}

/** The request's integration, secrets and raw body, once its signature is verified. */
export async function verifiedSlackRequest(
  dependencies: IntegrationDependencies,
  req: Request,
): Promise<VerifiedRequest> {
  const { context } = dependencies;
  const database = context.database;
  const agentId = String(req.params.agentId);
  const integration = await findIntegration(database, agentId, 'slack');
  if (!integration) throw unknownIntegration('Slack workspace', agentId);
  const secrets = requireCipher(dependencies.cipher).open<SlackSecrets>(integration.secrets);
  const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  const ok = verifySlackRequest(
    secrets.signingSecret,
    {
      timestamp: req.get('x-slack-request-timestamp'),
      signature: req.get('x-slack-signature'),
      body,
    },
    context.now(),
  );
  if (!ok) throw badSignature('Slack');
  return { integration, secrets, body };
}

/** The JSON of a request body (400 when it is not JSON). */
export function parseJson<Value>(text: string): Value {
  try {
    return JSON.parse(text) as Value;
  } catch {
    throw invalidRequest('The request body is not valid JSON.');
  }
}

/** The organization and agent a Slack integration answers for (404 when gone). */
export async function slackOwners(
  database: Queryable,
  integration: IntegrationRow,
): Promise<{
  organization: Organization;
  agent: Agent;
}> {
  const organization = await getOrganization(database, integration.organizationId);
  if (!organization) throw unknownIntegration('Slack workspace', integration.agentId);
  const agent = await getAgent(database, organization.id, integration.agentId);
  return { organization, agent };
}

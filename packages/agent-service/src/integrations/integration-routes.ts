import type {
  DiscordIntegrationBody,
  IntegrationKind,
  SlackIntegrationBody,
} from '@agent-chat/protocol';
import {
  discordIntegrationSchema,
  emptyBodySchema,
  slackIntegrationSchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { invalidRequest } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import { organizationOf } from '../api/auth-middleware.js';
import { validateBody } from '../api/validate-body.js';
import { deleteIntegration } from './delete-integration.js';
import { discordPublicKey } from './discord/discord-signature.js';
import { findIntegration } from './find-integration.js';
import type { IntegrationDependencies } from './integration-dependencies.js';
import { requireCipher } from './integration-errors.js';
import { integrationStatus } from './integration-status.js';
import { saveIntegration } from './save-integration.js';

/**
 * The operator's integration routes (mounted under `/api`; the organization's key):
 * `POST /agents/:id/integrations/slack` `{botToken, signingSecret}` checks the token with
 * Slack (`auth.test`: its workspace and bot user, 400 when Slack refuses it) and stores
 * both sealed with `INTEGRATIONS_SECRET` (503 without it); `GET` tells whether it is set
 * up and where Slack must post, never a secret; `DELETE` removes it.
 */
export function createIntegrationRoutes(dependencies: IntegrationDependencies): Router {
  const { database } = dependencies.context;
  const router = Router();
  router.post('/agents/:id/integrations/slack', async (req, res) => {
    const body = validateBody<SlackIntegrationBody>(slackIntegrationSchema, req.body);
    const cipher = requireCipher(dependencies.cipher);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    let identity: { teamId: string; botUserId: string };
    try {
      identity = await dependencies.slack.identify(body.botToken);
    } catch (error) {
      const reason = (error as { data?: { error?: string } }).data?.error;
      throw invalidRequest(
        reason
          ? `Slack refused the bot token (${reason}): copy the "Bot User OAuth Token" (xoxb-…) of the installed app.`
          : 'Slack could not be reached to check the bot token; try again.',
      );
    }
    if (!identity.teamId)
      throw invalidRequest('Slack did not say which workspace the token is for.');
    const row = await saveIntegration(database, {
      organizationId,
      agentId: agent.id,
      kind: 'slack',
      externalId: identity.teamId,
      settings: { botUserId: identity.botUserId },
      secrets: cipher.seal({ botToken: body.botToken, signingSecret: body.signingSecret }),
    });
    res.json(integrationStatus('slack', agent.id, row));
  });
  router.post('/agents/:id/integrations/discord', async (req, res) => {
    const body = validateBody<DiscordIntegrationBody>(discordIntegrationSchema, req.body);
    const cipher = requireCipher(dependencies.cipher);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    try {
      discordPublicKey(body.publicKey);
    } catch {
      throw invalidRequest(
        'publicKey is not an Ed25519 public key: copy the application’s "Public Key".',
      );
    }
    const row = await saveIntegration(database, {
      organizationId,
      agentId: agent.id,
      kind: 'discord',
      externalId: body.applicationId,
      settings: { publicKey: body.publicKey.toLowerCase() },
      secrets: cipher.seal({ botToken: body.botToken }),
    });
    res.json(integrationStatus('discord', agent.id, row));
  });
  for (const kind of ['slack', 'discord'] as const satisfies readonly IntegrationKind[]) {
    router.get(`/agents/:id/integrations/${kind}`, async (req, res) => {
      const organizationId = organizationOf(res.locals).id;
      const agent = await getAgent(database, organizationId, String(req.params.id));
      const row = await findIntegration(database, agent.id, kind, organizationId);
      res.json(integrationStatus(kind, agent.id, row));
    });
    router.delete(`/agents/:id/integrations/${kind}`, async (req, res) => {
      validateBody(emptyBodySchema, req.body);
      const organizationId = organizationOf(res.locals).id;
      const agent = await getAgent(database, organizationId, String(req.params.id));
      await deleteIntegration(database, organizationId, agent.id, kind);
      res.json(integrationStatus(kind, agent.id, undefined));
    });
  }
  return router;
}

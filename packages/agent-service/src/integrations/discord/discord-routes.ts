import { ERROR_CODES } from '@agent-chat/protocol';
import express, { Router } from 'express';
import { AgentServiceError, invalidRequest } from '../../agent-service-error.js';
import { getAgent } from '../../agents/index.js';
import { evalAnswer } from '../../conversations/index.js';
import { getOrganization } from '../../organizations/index.js';
import { answerInChannel } from '../channel-answer.js';
import { claimEvent } from '../claim-event.js';
import { findIntegration } from '../find-integration.js';
import type { IntegrationDependencies } from '../integration-dependencies.js';
import { badSignature, requireCipher, unknownIntegration } from '../integration-errors.js';
import { threadConversation } from '../integration-threads.js';
import { queueChannelMessages } from '../queue-channel-messages.js';
import { DISCORD_ACTIONS, discordAnswerMessages } from './discord-answer-message.js';
import type { DiscordClient, DiscordMessage } from './discord-client.js';
import { discordPublicKey, verifyDiscordRequest } from './discord-signature.js';

/** What is sealed in a Discord integration's row. */
export interface DiscordSecrets {
  botToken: string;
}

/** The parts of an interaction the service reads. */
interface DiscordInteraction {
  id?: string;
  type?: number;
  application_id?: string;
  token?: string;
  guild_id?: string;
  channel_id?: string;
  member?: { user?: { id?: string } };
  user?: { id?: string };
  data?: { name?: string; custom_id?: string; options?: { name?: string; value?: unknown }[] };
}

const FAILED_ANSWER = 'Sorry, I could not answer this just now. Please try again in a moment.';
const USAGE_LIMIT_ANSWER = 'Sorry, this assistant has answered all the questions it may for now.';

/**
 * The Discord integration's public endpoint, `POST /integrations/discord/:agentId/interactions`
 * (no API key; Discord signs each request with Ed25519): the raw body is read (413 above
 * the limit), the agent's integration found (404), the signature verified before parsing
 * (401) and the application checked (404 for another). PING is answered PONG; `/ask
 * question:<text>` gets a deferred response at once, then the answer as the edited
 * original message (more messages as follow-ups when it is longer than Discord allows);
 * its 👍/👎 buttons store the answer's feedback.
 */
export function createDiscordRoutes(
  dependencies: IntegrationDependencies,
  discord: DiscordClient,
): Router {
  const { context, tasks } = dependencies;
  const { database, logger } = context;
  const rawBody = express.raw({ type: () => true, limit: dependencies.bodyLimitBytes });
  const router = Router();
  router.post('/integrations/discord/:agentId/interactions', rawBody, async (req, res) => {
    const agentId = String(req.params.agentId);
    const integration = await findIntegration(database, agentId, 'discord');
    if (!integration) throw unknownIntegration('Discord application', agentId);
    requireCipher(dependencies.cipher);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const publicKey = integration.settings.publicKey ?? '';
    const ok = verifyDiscordRequest(
      discordPublicKey(publicKey),
      {
        timestamp: req.get('x-signature-timestamp'),
        signature: req.get('x-signature-ed25519'),
        body,
      },
      context.now(),
    );
    if (!ok) throw badSignature('Discord');
    let interaction: DiscordInteraction;
    try {
      interaction = JSON.parse(body.toString('utf8')) as DiscordInteraction;
    } catch {
      throw invalidRequest('The request body is not valid JSON.');
    }
    if (interaction.application_id !== integration.externalId) {
      throw unknownIntegration('Discord application', agentId);
    }
    if (interaction.type === 1) {
      res.json({ type: 1 });
      return;
    }
    const organization = await getOrganization(database, integration.organizationId);
    if (!organization) throw unknownIntegration('Discord application', agentId);
    const user = interaction.member?.user?.id ?? interaction.user?.id ?? 'unknown';
    const applicationId = integration.externalId;
    const token = interaction.token ?? '';
    if (interaction.type === 3) {
      const customId = interaction.data?.custom_id ?? '';
      const vote = customId.startsWith(DISCORD_ACTIONS.good)
        ? 'good'
        : customId.startsWith(DISCORD_ACTIONS.bad)
          ? 'bad'
          : undefined;
      const messageId = customId.slice(customId.indexOf(':') + 1);
      const rows = vote
        ? await database.query<{ visitor_id: string }>(
            `SELECT c.visitor_id FROM messages m
             JOIN conversations c ON c.organization_id = m.organization_id AND c.id = m.conversation_id
             JOIN integration_threads t ON t.organization_id = c.organization_id
               AND t.conversation_id = c.id AND t.agent_id = $3 AND t.kind = 'discord'
             WHERE m.organization_id = $1 AND m.id = $2`,
            [organization.id, messageId, agentId],
          )
        : [];
      const owner = rows[0];
      if (vote && owner) {
        await database.transaction(async (transaction) => {
          const recorded = await evalAnswer(transaction, organization.id, {
            messageId,
            visitorId: owner.visitor_id,
            eval: vote,
          });
          if (vote === 'bad' && recorded.previous !== 'bad') {
            await context.notifier.negativeFeedback(transaction, organization.id, messageId);
          }
        });
        context.notifier.wake();
      }
      res.json({ type: 4, data: { content: 'Thanks for the feedback!', flags: 64 } });
      return;
    }
    const question =
      interaction.type === 2 && interaction.data?.name === 'ask'
        ? String(
            interaction.data.options?.find((option) => option.name === 'question')?.value ?? '',
          ).trim()
        : '';
    if (!question || !interaction.id || !token) {
      res.json({
        type: 4,
        data: { content: 'Ask with `/ask question:<your question>`.', flags: 64 },
      });
      return;
    }
    if (!(await claimEvent(database, 'discord', interaction.id, new Date(context.now())))) {
      res.json({ type: 5 });
      return;
    }
    res.json({ type: 5 });
    const channelId = interaction.channel_id;
    const organizationId = organization.id;
    /**
     * The answer as the edited original and follow-ups; what Discord does not take even
     * after the client's retries is queued in the outbox as channel messages of the bot
     * (the interaction's token expires after 15 minutes), not lost.
     */
    async function reply(messages: DiscordMessage[], conversationId: string): Promise<void> {
      for (const [index, message] of messages.entries()) {
        try {
          if (index === 0) await discord.editOriginal(applicationId, token, message);
          else await discord.followUp(applicationId, token, message);
        } catch (error) {
          if (!channelId) throw error;
          await queueChannelMessages(
            context,
            organizationId,
            conversationId,
            {
              kind: 'discord',
              payload: { agentId, channelId, messages: messages.slice(index) },
            },
            error,
          );
          return;
        }
      }
    }
    tasks.run({ agentId, integration: 'discord' }, async (signal) => {
      const agent = await getAgent(database, organization.id, agentId);
      const thread = await threadConversation(database, {
        organizationId: organization.id,
        agentId,
        kind: 'discord',
        threadKey: interaction.id as string,
        place: { channel: interaction.channel_id ?? '', threadTs: interaction.id as string },
      });
      let response: Awaited<ReturnType<typeof answerInChannel>>;
      try {
        response = await answerInChannel(context, {
          organization,
          agent,
          channel: 'discord',
          question,
          conversationId: thread.conversationId,
          visitorId: `discord-${interaction.guild_id ?? 'dm'}-${user}`,
          signal,
        });
      } catch (error) {
        const limited = error instanceof AgentServiceError && error.code === ERROR_CODES.usageLimit;
        if (!limited) {
          logger.error(
            { agentId, err: error instanceof Error ? error.message : String(error) },
            'Discord question not answered',
          );
        }
        await reply(
          [{ content: limited ? USAGE_LIMIT_ANSWER : FAILED_ANSWER }],
          thread.conversationId,
        );
        return;
      }
      if (!response) return;
      await reply(discordAnswerMessages(response), thread.conversationId);
    });
  });
  return router;
}

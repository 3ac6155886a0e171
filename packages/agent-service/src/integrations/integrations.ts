import { Router } from 'express';
import type { ServiceContext } from '../api/service-context.js';
import { createBackgroundTasks } from './background-tasks.js';
import { ASK_COMMAND } from './discord/discord-answer-message.js';
import { createDiscordClient, type DiscordClient } from './discord/discord-client.js';
import { createDiscordRoutes, type DiscordSecrets } from './discord/discord-routes.js';
import { findIntegration } from './find-integration.js';
import { createIntegrationCipher } from './integration-cipher.js';
import type { IntegrationDependencies } from './integration-dependencies.js';
import { createIntegrationRoutes } from './integration-routes.js';
import { findThread } from './integration-threads.js';
import { queueChannelMessages } from './queue-channel-messages.js';
import { createSlackClient } from './slack/slack-client.js';
import { escapeSlack } from './slack/slack-mrkdwn.js';
import type { SlackSecrets } from './slack/slack-request.js';
import { createSlackRoutes } from './slack/slack-routes.js';

/** Options of {@link createIntegrations} (the service's options of these names). */
export interface IntegrationsOptions {
  /** Key of the credentials at rest (`INTEGRATIONS_SECRET`); integrations are off without it. */
  secret?: string | undefined;
  /** Base URL of Slack's Web API (`SLACK_API_URL`). */
  slackApiUrl: string;
  /** Base URL of Discord's API (`DISCORD_API_URL`). */
  discordApiUrl: string;
  /** Longest wait for one call to a platform, ms. Default 10 000. */
  timeoutMs?: number | undefined;
  /** Retries of a failed call to a platform. Default 5. */
  retries?: number | undefined;
  /** Wait before the first retry, ms, doubled each time. Default 1 000. */
  retryDelayMs?: number | undefined;
  /** Largest body a platform may post, bytes. Default 256 KiB. */
  bodyLimitBytes?: number | undefined;
}

/** Slack (and Discord) for the service: routes, the posting of operators' replies, and stopping. */
export interface Integrations {
  /** The platforms' signed endpoints (`/integrations/…`), mounted outside `/api`. */
  publicRoutes: Router;
  /** The operator's `/agents/:id/integrations/…` routes, mounted under `/api`. */
  adminRoutes: Router;
  /**
   * An operator replied in a conversation: when it is held in a Slack thread, the reply is
   * posted there (in the background; what Slack does not take goes to the outbox).
   */
  operatorReplied(organizationId: string, conversationId: string, text: string): void;
  /**
   * Registers the `/ask` slash command of the agent's Discord application (what
   * `agent-chat-service discord register <agentId>` runs); throws when the agent has no
   * Discord integration or Discord refuses.
   */
  registerDiscordCommand(agentId: string): Promise<{ applicationId: string }>;
  /** Resolves once no answer or post is under way (for tests). */
  idle(): Promise<void>;
  /** Aborts the answers under way. */
  stop(): Promise<void>;
}

/**
 * The integrations of the service: one Slack client (timeouts, retries, `Retry-After`),
 * the credentials' cipher, and the background tasks answers run in.
 */
export function createIntegrations(
  context: ServiceContext,
  options: IntegrationsOptions,
): Integrations {
  const tasks = createBackgroundTasks(context.logger);
  const slack = createSlackClient({
    apiUrl: options.slackApiUrl,
    logger: context.logger,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  });
  const discord: DiscordClient = createDiscordClient({
    apiUrl: options.discordApiUrl,
    logger: context.logger,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.retries === undefined ? {} : { retries: options.retries }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
  });
  const dependencies: IntegrationDependencies = {
    context,
    cipher: options.secret ? createIntegrationCipher(options.secret) : undefined,
    slack,
    tasks,
    bodyLimitBytes: options.bodyLimitBytes ?? 256 * 1024,
  };
  const { database } = context;
  const publicRoutes = Router();
  publicRoutes.use(createSlackRoutes(dependencies), createDiscordRoutes(dependencies, discord));
  return {
    publicRoutes,
    adminRoutes: createIntegrationRoutes(dependencies),
    operatorReplied(organizationId, conversationId, text) {
      const { cipher } = dependencies;
      if (!cipher) return;
      tasks.run({ conversationId, integration: 'slack' }, async () => {
        const thread = await findThread(database, organizationId, conversationId);
        if (thread?.kind !== 'slack') return;
        const integration = await findIntegration(
          database,
          thread.agentId,
          'slack',
          organizationId,
        );
        if (!integration) return;
        const { botToken } = cipher.open<SlackSecrets>(integration.secrets);
        const message = { text: escapeSlack(text) };
        try {
          await slack.postMessage({
            token: botToken,
            channel: thread.place.channel,
            threadTs: thread.place.threadTs,
            ...message,
          });
        } catch (error) {
          await queueChannelMessages(
            context,
            organizationId,
            conversationId,
            {
              kind: 'slack',
              payload: {
                agentId: thread.agentId,
                channel: thread.place.channel,
                threadTs: thread.place.threadTs,
                messages: [message],
              },
            },
            error,
          );
        }
      });
    },
    async registerDiscordCommand(agentId) {
      const integration = await findIntegration(database, agentId, 'discord');
      if (!integration) throw new Error(`Agent "${agentId}" has no Discord integration.`);
      const cipher = dependencies.cipher;
      if (!cipher) throw new Error('INTEGRATIONS_SECRET is not set.');
      const { botToken } = cipher.open<DiscordSecrets>(integration.secrets);
      await discord.registerCommand(integration.externalId, botToken, ASK_COMMAND);
      return { applicationId: integration.externalId };
    },
    idle: () => tasks.idle(),
    stop: () => tasks.stop(),
  };
}

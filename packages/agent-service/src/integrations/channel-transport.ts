import type { KnownBlock } from '@slack/web-api';
import type { Logger } from '../logger.js';
import { type ChannelTransport, DeliveryError } from '../outbox/index.js';
import type { Queryable } from '../store/index.js';
import { createDiscordClient, DiscordApiError } from './discord/discord-client.js';
import type { DiscordSecrets } from './discord/discord-routes.js';
import { findIntegration } from './find-integration.js';
import { createIntegrationCipher } from './integration-cipher.js';
import { createSlackClient } from './slack/slack-client.js';
import type { SlackSecrets } from './slack/slack-request.js';

/** Options of {@link createChannelTransport} (the service's integration options). */
export interface ChannelTransportOptions {
  database: Queryable;
  /** `INTEGRATIONS_SECRET`, to open each agent's sealed bot token. */
  secret: string;
  slackApiUrl: string;
  discordApiUrl: string;
  /** Longest wait for one call, ms. Default 10 000. */
  timeoutMs?: number | undefined;
  logger: Logger;
}

/** Slack's answers that a later attempt may not get (anything else it refused is final). */
const SLACK_TEMPORARY = new Set([
  'ratelimited',
  'service_unavailable',
  'fatal_error',
  'internal_error',
  'request_timeout',
]);

/** Whether a failed Slack call may succeed later: unreachable, 5xx, 429, Slack's own hiccups. */
function slackTemporary(error: unknown): boolean {
  const failure = error as { code?: string; statusCode?: number; data?: { error?: string } };
  if (failure.code === 'slack_webapi_platform_error') {
    return SLACK_TEMPORARY.has(failure.data?.error ?? '');
  }
  if (failure.code === 'slack_webapi_http_error') {
    return (failure.statusCode ?? 500) >= 500 || failure.statusCode === 429;
  }
  return true;
}

const reason = (error: unknown) =>
  (error as { data?: { error?: string } }).data?.error ??
  (error instanceof Error ? error.message : String(error));

/**
 * The outbox's transport for agents' Slack and Discord messages: each attempt reads the
 * agent's integration (a removed one fails for good), opens its bot token and posts the
 * messages in order, one call each, without the live clients' retries (the outbox has its
 * own backoff and lease). Slack's refusals (`channel_not_found`, `invalid_auth`, …) and
 * Discord's 4xx other than 429 are final; being unreachable, 5xx and 429 are retried.
 */
export function createChannelTransport(options: ChannelTransportOptions): ChannelTransport {
  const cipher = createIntegrationCipher(options.secret);
  const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
  const slack = createSlackClient({
    apiUrl: options.slackApiUrl,
    logger: options.logger,
    retries: 0,
    rejectRateLimited: true,
    ...timeout,
  });
  const discord = createDiscordClient({
    apiUrl: options.discordApiUrl,
    logger: options.logger,
    retries: 0,
    ...timeout,
  });

  async function secretsOf<Secrets>(agentId: string, kind: 'slack' | 'discord') {
    const integration = await findIntegration(options.database, agentId, kind);
    if (!integration) {
      throw new DeliveryError(
        `The agent's ${kind === 'slack' ? 'Slack' : 'Discord'} integration was removed.`,
        {
          permanent: true,
        },
      );
    }
    return cipher.open<Secrets>(integration.secrets);
  }

  return {
    async sendSlack(delivery) {
      const { botToken } = await secretsOf<SlackSecrets>(delivery.agentId, 'slack');
      for (const message of delivery.messages) {
        try {
          await slack.postMessage({
            token: botToken,
            channel: delivery.channel,
            threadTs: delivery.threadTs,
            text: message.text,
            ...(message.blocks ? { blocks: message.blocks as KnownBlock[] } : {}),
          });
        } catch (error) {
          throw new DeliveryError(`Slack did not take the message (${reason(error)}).`, {
            permanent: !slackTemporary(error),
            cause: error,
          });
        }
      }
    },
    async sendDiscord(delivery) {
      const { botToken } = await secretsOf<DiscordSecrets>(delivery.agentId, 'discord');
      for (const message of delivery.messages) {
        try {
          await discord.createMessage(botToken, delivery.channelId, message);
        } catch (error) {
          const status = error instanceof DiscordApiError ? error.status : undefined;
          throw new DeliveryError(reason(error), {
            permanent: status !== undefined && status < 500 && status !== 429,
            cause: error,
          });
        }
      }
    },
  };
}

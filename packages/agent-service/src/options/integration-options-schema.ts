import { optionDocs } from '@agent-chat/protocol/options';
import { z } from 'zod';
import { httpUrl } from './http-url.js';
import { optionGroup } from './option-group.js';

/** Shortest `INTEGRATIONS_SECRET` accepted. */
const SECRET_MIN_LENGTH = 32;

/** The tuning of the calls to Slack and Discord (defaults live with the clients). */
export interface IntegrationSettings {
  /** Longest wait for one call, ms. Default 10 000. */
  timeoutMs?: number;
  /** Retries of a failed call (network, timeout, 5xx, 429 after `Retry-After`). Default 5. */
  retries?: number;
  /** Wait before the first retry, ms, doubled each time. Default 1 000. */
  retryDelayMs?: number;
  /** Largest body a platform may post, bytes (413 above). Default 262 144. */
  bodyLimitBytes?: number;
}

/** Agents answering in Slack and Discord: the key of their credentials and the platforms' APIs. */
export const integrationOptionFields = {
  /** Key of the Slack and Discord credentials at rest. Env `INTEGRATIONS_SECRET`. */
  integrationsSecret: z
    .string({ error: `must be a string of ${SECRET_MIN_LENGTH}+ characters` })
    .min(SECRET_MIN_LENGTH, { error: `must be at least ${SECRET_MIN_LENGTH} characters` })
    .optional()
    .register(optionDocs, {
      env: 'INTEGRATIONS_SECRET',
      secret: true,
      defaultText: 'integrations off',
      description: `Key (${SECRET_MIN_LENGTH}+ random characters) that encrypts agents' Slack and Discord credentials at rest (AES-256-GCM); keep it: credentials saved under another key must be saved again.`,
    }),
  /** Slack's Web API. Env `SLACK_API_URL`. */
  slackApiUrl: httpUrl('https://slack.com/api/')
    .default('https://slack.com/api/')
    .register(optionDocs, {
      env: 'SLACK_API_URL',
      description: "Base URL of Slack's Web API (a fake's, in tests).",
    }),
  /** Discord's API. Env `DISCORD_API_URL`. */
  discordApiUrl: httpUrl('https://discord.com/api/v10')
    .default('https://discord.com/api/v10')
    .register(optionDocs, {
      env: 'DISCORD_API_URL',
      description: "Base URL of Discord's HTTP API, v10 (a fake's, in tests).",
    }),
  /** Timeouts, retries and body limit of the integrations. */
  integrations: optionGroup<IntegrationSettings>({}).optional().register(optionDocs, {
    defaultText: 'defaults',
    description:
      'Calls to Slack and Discord: `timeoutMs` (10 000), `retries` (5), `retryDelayMs` (1 000, doubled), and `bodyLimitBytes` of their requests (256 KiB).',
  }),
};

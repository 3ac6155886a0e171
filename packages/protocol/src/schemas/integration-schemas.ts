import { z } from 'zod';
import { text } from './schema-helpers.js';

/** Schema of {@link SlackIntegrationBody}. */
export const slackIntegrationSchema = z.strictObject(
  {
    botToken: text('botToken', 500, 1).regex(/^xox[a-z]-[A-Za-z0-9-]+$/, {
      error: 'botToken must be a Slack bot token (xoxb-…)',
    }),
    signingSecret: text('signingSecret', 200, 8),
  },
  { error: 'The body must be an object { botToken, signingSecret }' },
);

/** Schema of {@link DiscordIntegrationBody}. */
export const discordIntegrationSchema = z.strictObject(
  {
    applicationId: text('applicationId', 32, 1).regex(/^\d+$/, {
      error: 'applicationId must be the numeric id of the Discord application',
    }),
    publicKey: text('publicKey', 64, 64).regex(/^[0-9a-fA-F]{64}$/, {
      error: 'publicKey must be the 64 hex characters of the Ed25519 public key',
    }),
    botToken: text('botToken', 500, 1),
  },
  { error: 'The body must be an object { applicationId, publicKey, botToken }' },
);

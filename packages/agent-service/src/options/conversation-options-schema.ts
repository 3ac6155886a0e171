import { optionDocs, wholeNumberFromEnv, wholeNumberSchema } from '@agent-chat/protocol/options';
import { z } from 'zod';
import { type HandoffWebhookOptions, WEBHOOK_SECRET_MIN_LENGTH } from '../conversations/index.js';
import { httpUrl } from './http-url.js';
import { optionGroup } from './option-group.js';

/** The handoff webhook as the service takes it (it supplies fetch, logger and clock itself). */
export type HandoffWebhookSettings = Omit<HandoffWebhookOptions, 'fetch' | 'logger' | 'now'>;

/** What happens to conversations: a person notified on handoff, old ones deleted. */
export const conversationOptionFields = {
  /** POST a signed notification when a visitor asks for a person. Default: none. */
  handoffWebhook: optionGroup<HandoffWebhookSettings>({
    /** Receiver URL. Env `HANDOFF_WEBHOOK_URL`. */
    url: httpUrl('https://hooks.example/handoff', 'is required with the webhook secret').register(
      optionDocs,
      {
        env: 'HANDOFF_WEBHOOK_URL',
        defaultText: 'none',
        description: 'Receives a signed POST when a visitor asks for a person.',
      },
    ),
    /** HMAC-SHA256 key of the signature. Env `HANDOFF_WEBHOOK_SECRET`. */
    secret: z
      .string({
        error: `is required with the webhook URL (${WEBHOOK_SECRET_MIN_LENGTH}+ characters)`,
      })
      .min(WEBHOOK_SECRET_MIN_LENGTH, {
        error: `must be at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`,
      })
      .register(optionDocs, {
        env: 'HANDOFF_WEBHOOK_SECRET',
        secret: true,
        defaultText: 'none',
        description: `HMAC-SHA256 key of the webhook's signature (${WEBHOOK_SECRET_MIN_LENGTH}+ characters; required with the URL).`,
      }),
  })
    .optional()
    .register(optionDocs, {
      defaultText: 'none',
      description:
        'The handoff webhook `{ url, secret }` (see "Handoff webhook"); also takes `retries`, `baseDelayMs` and `timeoutMs` (see `HandoffWebhookOptions`).',
    }),
  /** Delete conversations inactive for longer than this many days. Env `CONVERSATION_RETENTION_DAYS`. Default: kept forever. */
  conversationRetentionDays: wholeNumberSchema(1).optional().register(optionDocs, {
    env: 'CONVERSATION_RETENTION_DAYS',
    fromEnv: wholeNumberFromEnv,
    defaultText: 'kept forever',
    description:
      'Delete conversations inactive for longer than this many days (`serve` sweeps hourly).',
  }),
};

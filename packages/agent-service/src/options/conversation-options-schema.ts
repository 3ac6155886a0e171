import { optionDocs, wholeNumberFromEnv, wholeNumberSchema } from '@agent-chat/protocol/options';

/** What happens to conversations: old ones deleted. */
export const conversationOptionFields = {
  /** Delete conversations inactive for longer than this many days. Env `CONVERSATION_RETENTION_DAYS`. Default: kept forever. */
  conversationRetentionDays: wholeNumberSchema(1).optional().register(optionDocs, {
    env: 'CONVERSATION_RETENTION_DAYS',
    fromEnv: wholeNumberFromEnv,
    defaultText: 'kept forever',
    description:
      'Delete conversations inactive for longer than this many days (`serve` sweeps hourly).',
  }),
};

import { optionDocs, wholeNumberFromEnv } from '@agent-chat/protocol/options';
import { z } from 'zod';

const SECRET_LENGTH =
  'must be at least 32 bytes (e.g. `openssl rand -base64 48`), or unset for a random per-process secret';
const POSITIVE = 'must be a positive whole number';

/**
 * The options of visitor identity: the secret visitor ids and conversation ids are signed
 * with, and how long an unused visitor id stays valid. Spread into the BFF's options schema.
 */
export const identityOptionFields = {
  /**
   * HMAC-SHA256 key (32+ bytes) signing the visitor ids and conversation ids browsers get.
   * Env `VISITOR_SECRET`. Unset: a random key per process (identities do not survive a
   * restart and are not shared by replicas; a warning is logged).
   */
  visitorSecret: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, { error: SECRET_LENGTH })
    .optional()
    .register(optionDocs, {
      env: 'VISITOR_SECRET',
      secret: true,
      defaultText: 'random per process',
      description:
        'Key (32+ bytes) signing the visitor and conversation ids browsers get. Share it between replicas and keep it across restarts, or visitors lose their conversations.',
    }),
  /**
   * Days a visitor id stays valid after it was last issued (every answer renews it).
   * Env `VISITOR_MAX_AGE_DAYS`. Default 90.
   */
  visitorMaxAgeDays: z
    .number({ error: POSITIVE })
    .int({ error: POSITIVE })
    .min(1, { error: POSITIVE })
    .default(90)
    .register(optionDocs, {
      env: 'VISITOR_MAX_AGE_DAYS',
      fromEnv: wholeNumberFromEnv,
      description:
        'Days a visitor id stays valid after its last answer (each answer renews it); an older one is served as a new visitor.',
    }),
};

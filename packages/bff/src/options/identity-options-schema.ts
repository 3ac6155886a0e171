import { booleanFromEnv, optionDocs, wholeNumberFromEnv } from '@agent-chat/protocol/options';
import { z } from 'zod';

const SECRET_LENGTH =
  'must be at least 32 bytes (e.g. `openssl rand -base64 48`), or unset for a random per-process secret';
const POSITIVE = 'must be a positive whole number';
const IDENTITY_SECRET_LENGTH =
  'must be at least 32 bytes (e.g. `openssl rand -hex 32`), shared with the host site’s server';

/**
 * The options of visitor identity: the secret visitor ids and conversation ids are signed
 * with, how long an unused visitor id stays valid, and signed-in users (the host site's
 * secret, and whether anonymous visitors are refused). Spread into the BFF's options schema.
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
  /**
   * The secret a host site with accounts shares with the BFF: its server computes
   * `userHash = HMAC-SHA256(identitySecret, userId)` (hex) for the signed-in user, and the
   * BFF verifies it (`POST /api/agents/:id/identify`). Env `IDENTITY_SECRET`. Unset: no
   * signed-in users (an identify is 401 `IDENTITY_INVALID`).
   */
  identitySecret: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, { error: IDENTITY_SECRET_LENGTH })
    .optional()
    .register(optionDocs, {
      env: 'IDENTITY_SECRET',
      secret: true,
      defaultText: 'unset (no signed-in users)',
      description:
        'Key (32+ bytes) the host site’s server signs its signed-in users with: `userHash = HMAC-SHA256(IDENTITY_SECRET, userId)` in hex (see "Signed-in users"). Every replica needs the same one.',
    }),
  /**
   * Refuses anonymous visitors (401 `IDENTITY_REQUIRED`): only signed-in users may chat, for
   * sites behind a login. Env `IDENTITY_REQUIRED`. Default false; an agent policy's
   * `identityRequired` overrides it for one agent.
   */
  identityRequired: z
    .boolean({ error: 'must be true or false' })
    .default(false)
    .register(optionDocs, {
      env: 'IDENTITY_REQUIRED',
      fromEnv: booleanFromEnv,
      description:
        'Refuse anonymous visitors (401 `IDENTITY_REQUIRED`): only signed-in users may chat. An agent policy’s `"identityRequired"` overrides it for one agent.',
    }),
};

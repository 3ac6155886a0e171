import { z } from 'zod';
import { USER_ATTRIBUTES_LIMIT, USER_ID_LENGTH_LIMIT } from '../identity.js';
import { LIMITS } from '../limits.js';
import { CONTROL, email, name } from './contact-schemas.js';
import { id, strictBodyError, text } from './schema-helpers.js';

const bodyError = strictBodyError();
const { max, keyLength, valueLength } = USER_ATTRIBUTES_LIMIT;
const ATTRIBUTE_KEY = /^[A-Za-z][A-Za-z0-9_.-]*$/;
const keyRule = `attributes keys must be 1 to ${keyLength} letters, digits, "_", "." or "-", starting with a letter`;

/** The host's id of a user: 1 to 256 characters, no control characters. */
const userId = text('userId', USER_ID_LENGTH_LIMIT.max, 1).refine((value) => !CONTROL.test(value), {
  error: 'userId must not contain control characters',
});

/**
 * A signed-in user's attributes: at most 20, keys of letters, digits, `_`, `.`, `-` (up to
 * 40, starting with a letter), short string values (up to 200 characters) without control
 * characters.
 */
export const userAttributesSchema = z
  .record(
    z.string().max(keyLength, { error: keyRule }).regex(ATTRIBUTE_KEY, { error: keyRule }),
    z.string({ error: 'attributes values must be strings' }),
    { error: 'attributes must be an object of short strings, like {"plan":"pro"}' },
  )
  .superRefine((attributes, context) => {
    const entries = Object.entries(attributes);
    if (entries.length > max) {
      context.addIssue({
        code: 'custom',
        message: `attributes may hold at most ${max} keys (got ${entries.length})`,
      });
      return;
    }
    for (const [key, value] of entries) {
      if (value.length > valueLength) {
        context.addIssue({
          code: 'custom',
          message: `attributes.${key} must be at most ${valueLength} characters`,
        });
        return;
      }
      if (CONTROL.test(value)) {
        context.addIssue({
          code: 'custom',
          message: `attributes.${key} must not contain control characters`,
        });
        return;
      }
    }
  });

/** Schema of the BFF's widget `POST /api/agents/{id}/identify` bodies. */
export const identifyRequestSchema = z.strictObject(
  {
    userId,
    userHash: z
      .string({ error: 'userHash must be a string' })
      .regex(/^[0-9a-fA-F]{64}$/, {
        error: 'userHash must be HMAC-SHA256(IDENTITY_SECRET, userId) as 64 hex characters',
      })
      .transform((value) => value.toLowerCase()),
    name: name.optional(),
    email: email.optional(),
    attributes: userAttributesSchema.optional(),
    visitorId: id('visitorId').optional(),
    conversationIds: z
      .array(id('conversationIds[]'), { error: 'conversationIds must be an array of ids' })
      .max(LIMITS.pastConversations.max, {
        error: `conversationIds may hold at most ${LIMITS.pastConversations.max} ids`,
      })
      .optional(),
  },
  bodyError,
);

/** Schema of the service's `POST /api/agents/{id}/identified-visitors` bodies. */
export const identifiedVisitorSchema = z.strictObject(
  {
    visitorId: id('visitorId'),
    userId,
    name: name.optional(),
    email: email.optional(),
    attributes: userAttributesSchema.optional(),
    merge: z
      .strictObject({
        visitorId: id('merge.visitorId'),
        conversationIds: z.array(id('merge.conversationIds[]')).max(LIMITS.pastConversations.max, {
          error: `merge.conversationIds may hold at most ${LIMITS.pastConversations.max} ids`,
        }),
      })
      .optional(),
  },
  bodyError,
);

/**
 * Schema of the service's `POST /api/agents/{id}/user-conversations` bodies: a signed-in
 * user's visitor (the BFF sends it only for one), whose conversations on every device are
 * listed.
 */
export const userConversationsRequestSchema = z.strictObject(
  { visitorId: id('visitorId') },
  bodyError,
);

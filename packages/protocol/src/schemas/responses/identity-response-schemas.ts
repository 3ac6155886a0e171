/** What the service answers about signed-in users: the merge at sign-in, and erasure. */
import { z } from 'zod';

/** Schema of {@link IdentifiedVisitorResponse}. */
export const identifiedVisitorResponseSchema = z.object({
  mergedConversationIds: z.array(z.string()),
});

/** Schema of {@link UserErasureResponse}. */
export const userErasureResponseSchema = z.object({
  deleted: z.literal(true),
  conversationsDeleted: z.number().int(),
  contactsDeleted: z.number().int(),
});

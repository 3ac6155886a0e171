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

/** Schema of {@link ConversationUser}: the signed-in user behind a conversation. */
export const conversationUserSchema = z.object({
  userId: z.string().describe("The host site's own id of the user"),
  name: z.string().nullable(),
  email: z.string().nullable(),
  attributes: z
    .record(z.string(), z.string())
    .describe('Short strings the host attached (plan, company …), at most 20'),
});

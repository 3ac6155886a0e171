/**
 * Signed-in users (issue 55): a host site that has accounts tells the widget who is signed
 * in, with `userHash = HMAC-SHA256(IDENTITY_SECRET, userId)` (hex) computed on its server.
 * The BFF verifies the hash (a wrong one is 401 `IDENTITY_INVALID`, never served as
 * anonymous), makes the user a visitor of its own (the same on every device and every
 * replica), merges the anonymous conversations the widget held, and tells the service who
 * the visitor is, with the user's name, email and attributes.
 */

/**
 * Length of the signature the BFF appends to the ids it gives browsers: `<id>_<signature>`
 * for a conversation or message id, `<visitor>_<issued>_<signature>` for a visitor token
 * (128 bits of HMAC-SHA256, base64url, which may itself contain `_`). A widget cuts it off to
 * tell which id a signed one stands for (a merged conversation re-signed for its user),
 * never to check it.
 */
export const SIGNATURE_LENGTH = 22;

/** Most attributes (`plan`, `company` …) a signed-in user carries. */
export const USER_ATTRIBUTES_LIMIT = { max: 20, keyLength: 40, valueLength: 200 } as const;

/** Longest user id, in characters (the host's own id: a number, a UUID, an email …). */
export const USER_ID_LENGTH_LIMIT = { max: 256 } as const;

/** Short string values the host attaches to a user (at most {@link USER_ATTRIBUTES_LIMIT}). */
export type UserAttributes = Record<string, string>;

/** The user a host site signed in, as the widget gets it (`data-user-*` or `AgentChat.identify`). */
export interface SignedUser {
  /** The host's own id of the user. */
  userId: string;
  /** `HMAC-SHA256(IDENTITY_SECRET, userId)`, hex (64 characters). */
  userHash: string;
  name?: string;
  email?: string;
  attributes?: UserAttributes;
}

/**
 * Body of the BFF's widget route `POST /api/agents/{id}/identify`: the signed user, and
 * what the widget held as an anonymous visitor (its token and the conversation ids signed
 * to it), to be merged into the user's.
 */
export interface IdentifyRequest extends SignedUser {
  /** The anonymous visitor token the widget held, if any. */
  visitorId?: string;
  /** Conversation ids signed to that anonymous visitor (at most `LIMITS.pastConversations.max`). */
  conversationIds?: string[];
}

/** Response of `POST /api/agents/{id}/identify`. */
export interface IdentifyResponse {
  /** The user's visitor token: send it as `visitorId` from now on. */
  visitorId: string;
  /** The merged conversations, signed to the user's visitor (ids the request named that were not the caller's are left out). */
  conversationIds: string[];
}

/**
 * Body of the service's `POST /api/agents/{id}/identified-visitors` (organization API key;
 * the BFF sends it once it verified the user): who a visitor is, and the anonymous
 * visitor's conversations to move to it.
 */
export interface IdentifiedVisitorSubmission {
  visitorId: string;
  userId: string;
  name?: string;
  email?: string;
  attributes?: UserAttributes;
  /** The anonymous visitor the widget held, and the ids of its conversations to merge. */
  merge?: { visitorId: string; conversationIds: string[] };
}

/** Response of `POST /api/agents/{id}/identified-visitors`: the conversations now the user's. */
export interface IdentifiedVisitorResponse {
  mergedConversationIds: string[];
}

/**
 * The signed-in user behind a conversation, where the service knows one (in conversation
 * summaries and details, webhook events and handoff mails).
 */
export interface ConversationUser {
  userId: string;
  name: string | null;
  email: string | null;
  attributes: UserAttributes;
}

/** Response of `DELETE /api/users/{userId}`: the user's conversations and contacts are gone. */
export interface UserErasureResponse {
  deleted: true;
  conversationsDeleted: number;
  contactsDeleted: number;
}

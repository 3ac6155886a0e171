import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an anonymous visitor of an agent that serves signed-in users only is told (401 `IDENTITY_REQUIRED`). */
export const IDENTITY_REQUIRED_MESSAGE =
  'This chat is for signed-in users only: sign in to the site, then try again.';

/** Prefix of the visitor ids of signed-in users (the BFF's anonymous ones start with `v`). */
const USER_VISITOR_PREFIX = 'u';

/**
 * Signed-in users of a host site, verified with the secret the site's server shares
 * (`IDENTITY_SECRET`).
 */
export interface UserIdentity {
  /**
   * Whether `userHash` (64 hex characters) is `HMAC-SHA256(secret, userId)`, compared in
   * constant time: a wrong hash and a hash of another user id are both false.
   */
  verify(userId: string, userHash: string): boolean;
  /**
   * The visitor id of a user: the same for every replica sharing the secret and on every
   * device, unguessable without it, and never an anonymous visitor's.
   */
  visitorIdOf(userId: string): string;
}

/** Whether `visitorId` is a signed-in user's (see {@link UserIdentity.visitorIdOf}). */
export function isUserVisitor(visitorId: string): boolean {
  return visitorId.startsWith(USER_VISITOR_PREFIX);
}

/**
 * Creates the verifier of signed-in users. The host computes the hash over the user id's
 * UTF-8 bytes with nothing added, so any server language can (see the README's "Signed-in
 * users"); the visitor id is another HMAC of the same key, over a labelled message.
 *
 * @example
 * const users = createUserIdentity(process.env.IDENTITY_SECRET);
 * users.verify('42', createHmac('sha256', process.env.IDENTITY_SECRET).update('42').digest('hex')); // true
 */
export function createUserIdentity(secret: string | Buffer): UserIdentity {
  const hmac = () => createHmac('sha256', secret);
  return {
    verify(userId, userHash) {
      if (!/^[0-9a-fA-F]{64}$/.test(userHash)) return false;
      const expected = hmac().update(userId, 'utf8').digest();
      return timingSafeEqual(Buffer.from(userHash, 'hex'), expected);
    },
    visitorIdOf(userId) {
      const digest = hmac().update(`visitor\0${userId}`, 'utf8').digest();
      return `${USER_VISITOR_PREFIX}${digest.subarray(0, 16).toString('base64url')}`;
    },
  };
}

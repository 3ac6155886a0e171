/**
 * Visitor identity, owned by the BFF: browsers hold visitor ids and conversation ids the
 * BFF signed (HMAC-SHA256 with `visitorSecret`), bound to one agent and one visitor; the
 * upstream only ever sees ids the BFF issued or verified. Signed-in users of a host site
 * (verified with `identitySecret`) get a visitor id of their own, the same everywhere.
 */
export { type AnswerIdsRewriter, createAnswerIdsRewriter } from './answer-ids.js';
export { notYoursMessage } from './not-yours-message.js';
export {
  createUserIdentity,
  IDENTITY_REQUIRED_MESSAGE,
  isUserVisitor,
  type UserIdentity,
} from './user-identity.js';
export { createVisitorIdentity, type VisitorIdentity } from './visitor-identity.js';

/**
 * Signed-in users (issue 55): the visitors the BFF verified as a host site's users, with
 * their name, email and attributes; the merge of an anonymous visitor's conversations
 * into the user's, and erasure of everything about a user. Retention follows the
 * conversations' (see `deleteExpiredConversations`).
 */

export { eraseUser } from './erase-user.js';
export { identifyVisitor } from './identify-visitor.js';

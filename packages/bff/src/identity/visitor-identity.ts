import { ID_PATTERN, LIMITS } from '@agent-chat/protocol';
import { createHmacSigner, SIGNATURE_LENGTH } from './hmac-signer.js';
import { createRandomIds } from './random-id.js';

/** Options of {@link createVisitorIdentity}. */
export interface VisitorIdentityOptions {
  /** HMAC key, 32+ bytes; every replica of the BFF needs the same one. */
  secret: string | Buffer;
  /** How long a visitor token stays valid after it was issued, ms. */
  maxAgeMs: number;
  /** Clock, ms since the epoch. Default `Date.now`. */
  now?: () => number;
}

/** The visitor a request is served as. */
export interface Visitor {
  /** The id sent upstream (never the token): only ids the BFF issued or verified. */
  id: string;
  /** False when the request had no valid token and the BFF made this visitor up for it. */
  verified: boolean;
}

/**
 * Visitor identity and conversation ownership, signed by the BFF.
 *
 * - A visitor token (what browsers hold as `visitorId`) is `<id>_<issued-at>_<signature>`,
 *   signed over (agent id, visitor id, issued-at): it is valid for one agent only, until
 *   `maxAgeMs` after it was issued. It matches the protocol's id pattern, so the wire
 *   format does not change.
 * - A conversation id browsers hold is `<upstream id>_<signature>`, signed over (agent id,
 *   visitor id, upstream id): only its visitor, on its agent, can continue it. Message ids
 *   are signed the same way (with another purpose), so only their visitor can vote on them.
 */
export interface VisitorIdentity {
  /** The visitor a token names, or a new unverified visitor when it is missing, forged, tampered with, expired or for another agent. */
  visitorOf(agentId: string, token: string | undefined): Visitor;
  /** A fresh token for a visitor (issued now). */
  tokenFor(agentId: string, visitorId: string): string;
  /** The conversation id a browser gets for an upstream conversation id; undefined if it cannot be signed (too long, not an id). */
  signConversation(agentId: string, visitorId: string, conversationId: string): string | undefined;
  /** The upstream conversation id behind a browser's conversation id, or undefined when it is not this visitor's on this agent. */
  openConversation(agentId: string, visitorId: string, signedId: string): string | undefined;
  /** {@link signConversation} for a message id (votes are accepted only on the visitor's own messages). */
  signMessage(agentId: string, visitorId: string, messageId: string): string | undefined;
  /** {@link openConversation} for a message id. */
  openMessage(agentId: string, visitorId: string, signedId: string): string | undefined;
}

/** Longest upstream conversation or message id that still fits the id pattern once signed. */
const maxOwnedIdLength = LIMITS.idLength.max - SIGNATURE_LENGTH - 1;
/** Tokens issued up to this far in the future (clock skew between replicas) are accepted. */
const allowedSkewMs = 5 * 60_000;

/** Splits `<rest>_<signature>`; undefined when the shape is wrong. */
function splitSignature(value: string): [string, string] | undefined {
  const cut = value.length - SIGNATURE_LENGTH - 1;
  if (cut < 1 || value[cut] !== '_') return undefined;
  return [value.slice(0, cut), value.slice(cut + 1)];
}

/** Creates the signer of visitor tokens and conversation ids (see {@link VisitorIdentity}). */
export function createVisitorIdentity(options: VisitorIdentityOptions): VisitorIdentity {
  const signer = createHmacSigner(options.secret);
  const now = options.now ?? Date.now;
  // 120 random bits per visitor id.
  const randomId = createRandomIds(15);
  const newVisitor = (): Visitor => ({
    id: `v${randomId()}`,
    verified: false,
  });

  const tokenFor = (agentId: string, visitorId: string): string => {
    const issuedAt = Math.floor(now() / 1000).toString(36);
    return `${visitorId}_${issuedAt}_${signer.sign(['visitor', agentId, visitorId, issuedAt])}`;
  };

  /** `<id>_<signature>` over (kind, agent, visitor, id); undefined when it would not be an id. */
  const signOwned = (kind: string, agentId: string, visitorId: string, id: string) =>
    ID_PATTERN.test(id) && id.length <= maxOwnedIdLength
      ? `${id}_${signer.sign([kind, agentId, visitorId, id])}`
      : undefined;

  const openOwned = (kind: string, agentId: string, visitorId: string, signedId: string) => {
    const signed = splitSignature(signedId);
    if (!signed) return undefined;
    const [id, signature] = signed;
    return signer.verify([kind, agentId, visitorId, id], signature) ? id : undefined;
  };

  return {
    tokenFor,
    visitorOf(agentId, token) {
      if (token === undefined || !ID_PATTERN.test(token)) return newVisitor();
      const signed = splitSignature(token);
      if (!signed) return newVisitor();
      const [payload, signature] = signed;
      const cut = payload.lastIndexOf('_');
      if (cut < 1) return newVisitor();
      const visitorId = payload.slice(0, cut);
      const issuedAt = payload.slice(cut + 1);
      if (!signer.verify(['visitor', agentId, visitorId, issuedAt], signature)) {
        return newVisitor();
      }
      const issuedMs = Number.parseInt(issuedAt, 36) * 1000;
      const age = now() - issuedMs;
      if (!Number.isFinite(issuedMs) || age > options.maxAgeMs || age < -allowedSkewMs) {
        return newVisitor();
      }
      return { id: visitorId, verified: true };
    },
    signConversation: (agentId, visitorId, id) => signOwned('conversation', agentId, visitorId, id),
    openConversation: (agentId, visitorId, id) => openOwned('conversation', agentId, visitorId, id),
    signMessage: (agentId, visitorId, id) => signOwned('message', agentId, visitorId, id),
    openMessage: (agentId, visitorId, id) => openOwned('message', agentId, visitorId, id),
  };
}

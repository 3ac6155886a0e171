/**
 * What a visitor may see of the upstream's answers: a conversation's status, a message's
 * visible fields (never answer metadata) and a past conversation under the signed id the
 * widget holds. Pure functions of the upstream's JSON; anything malformed is `undefined`.
 */
import type { HandoffResponse, PastConversation, VisitorMessage } from '@agent-chat/protocol';

/** Longest first question passed to the widget, in characters (the service cuts at a word). */
const FIRST_QUESTION_LENGTH = 200;

/** A conversation status the widget knows, or undefined. */
export function statusOf(value: unknown): HandoffResponse['status'] | undefined {
  return value === 'open' || value === 'handoff' || value === 'resolved' ? value : undefined;
}

/** The fields of an upstream message a visitor may see (never answer metadata), or undefined. */
export function visitorMessageOf(value: unknown): VisitorMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const { id, role, text, createdAt } = message;
  if (typeof id !== 'string' || typeof text !== 'string') return undefined;
  if (role !== 'user' && role !== 'assistant' && role !== 'operator') return undefined;
  return {
    id,
    role,
    text,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    sources: Array.isArray(message.sources) ? (message.sources as VisitorMessage['sources']) : [],
    eval: message.eval === 'good' || message.eval === 'bad' ? message.eval : null,
    comment: typeof message.comment === 'string' ? message.comment : null,
  };
}

/**
 * An upstream conversation summary as the widget gets it, under the signed id it holds;
 * undefined when it is malformed or not one of the ids asked about.
 */
export function pastConversationOf(
  value: unknown,
  signedIds: ReadonlyMap<string, string>,
): PastConversation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, firstQuestion, status, createdAt, updatedAt } = value as Record<string, unknown>;
  const conversationId = typeof id === 'string' ? signedIds.get(id) : undefined;
  const known = statusOf(status);
  if (conversationId === undefined || known === undefined) return undefined;
  return {
    conversationId,
    firstQuestion:
      typeof firstQuestion === 'string' ? firstQuestion.slice(0, FIRST_QUESTION_LENGTH) : '',
    status: known,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
  };
}

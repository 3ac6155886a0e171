import { readFollowUps } from '@agent-chat/protocol';
import type { Visitor, VisitorIdentity } from './visitor-identity.js';

/**
 * Rewrites the ids of an upstream answer (a `QueryResponse`, or the JSON of a stream's
 * `endpoint_response`) for the browser: `visitorId` becomes a fresh token of the visitor
 * the request was served as (whatever the upstream echoed), `conversationId` the
 * conversation id signed to that visitor and agent, `messageId` likewise (left out
 * when the upstream's id cannot be signed, so the browser never holds an unsigned one; an
 * unsignable `conversationId` makes the whole answer unreadable: undefined). Its
 * `followUps` pass only as the widget may trust them (`readFollowUps`: strings, capped),
 * and are left out when none remain. Takes the JSON text, or the object already parsed from it; returns the JSON to send, or
 * undefined when the text is not a JSON object.
 */
export type AnswerIdsRewriter = (answer: string | object) => string | undefined;

/** Creates the {@link AnswerIdsRewriter} of one request. */
export function createAnswerIdsRewriter(
  identity: VisitorIdentity,
  agentId: string,
  visitor: Visitor,
): AnswerIdsRewriter {
  return function rewriteAnswerIds(input) {
    let answer: unknown = input;
    if (typeof input === 'string') {
      try {
        answer = JSON.parse(input);
      } catch {
        return undefined;
      }
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
    const fields = answer as Record<string, unknown>;
    fields.visitorId = identity.tokenFor(agentId, visitor.id);
    if (typeof fields.conversationId === 'string') {
      const signed = identity.signConversation(agentId, visitor.id, fields.conversationId);
      // An answer whose conversation cannot be signed is not one the browser can continue.
      if (signed === undefined) return undefined;
      fields.conversationId = signed;
    }
    if (typeof fields.messageId === 'string') {
      const signed = identity.signMessage(agentId, visitor.id, fields.messageId);
      if (signed === undefined) delete fields.messageId;
      else fields.messageId = signed;
    }
    if ('followUps' in fields) {
      const followUps = readFollowUps(fields.followUps);
      if (followUps && followUps.length > 0) fields.followUps = followUps;
      else delete fields.followUps;
    }
    return JSON.stringify(fields);
  };
}

/**
 * Signed-in users in the widget: `POST /api/agents/:id/identify` turns the widget's visitor
 * into the user the host site signed (`userHash = HMAC-SHA256(IDENTITY_SECRET, userId)`).
 */
import {
  ERROR_CODES,
  type IdentifiedVisitorSubmission,
  type IdentifyResponse,
} from '@agent-chat/protocol';
import { identifyRequestSchema } from '@agent-chat/protocol/schemas';
import { sendError } from '../http/index.js';
import { isUserVisitor } from '../identity/index.js';
import { limiterPasses, setRateLimitVisitor } from '../limits/index.js';
import type { RouteContext, RouteHandler } from './route-context.js';

const NOT_CONFIGURED =
  'This chat server verifies no signed-in users: set IDENTITY_SECRET on the BFF to the key the site signs its users with.';
const WRONG_HASH =
  'userHash is not HMAC-SHA256(IDENTITY_SECRET, userId) for this userId: the site must compute it on its server with the same secret as the chat server.';

/**
 * Creates the identify route, `{userId, userHash, name?, email?, attributes?, visitorId?,
 * conversationIds?}` → `{visitorId, conversationIds}`:
 *
 * - the hash is checked in constant time; a wrong one, or one of another user id, is 401
 *   `IDENTITY_INVALID` (as is any identify while `identitySecret` is unset): the visitor
 *   is never served as anonymous instead;
 * - the user's visitor id is derived from the user id (the same on every replica and
 *   device), its token issued as any visitor's, and the per-visitor limit counts it;
 * - the service learns who the visitor is (name, email, attributes), and the conversations
 *   signed to the anonymous visitor the widget held (`visitorId` + `conversationIds`) move
 *   to the user, re-signed; ids not signed to that visitor are left out, so no other
 *   visitor's conversation can be claimed.
 */
export function createIdentifyRoute(context: RouteContext): RouteHandler {
  const { gate, identity, users, limits, options } = context;
  return async function identify(req, res) {
    const accepted = await gate.acceptBody(req, res, identifyRequestSchema, limits.perIp);
    if (!accepted) return;
    const { agentId, body } = accepted;
    if (!users) {
      sendError(res, 401, ERROR_CODES.identityInvalid, NOT_CONFIGURED);
      return;
    }
    if (!users.verify(body.userId, body.userHash)) {
      context.logger?.warn({ agentId }, 'identify refused: wrong userHash');
      sendError(res, 401, ERROR_CODES.identityInvalid, WRONG_HASH);
      return;
    }
    const visitorId = users.visitorIdOf(body.userId);
    setRateLimitVisitor(res, `visitor:${visitorId}`);
    if (!(await limiterPasses(limits.perVisitor, req, res))) return;

    // The anonymous visitor's own conversations, by their service ids.
    const anonymous = identity.visitorOf(agentId, body.visitorId);
    const merged: string[] = [];
    if (anonymous.verified && !isUserVisitor(anonymous.id)) {
      for (const signed of body.conversationIds ?? []) {
        const conversationId = identity.openConversation(agentId, anonymous.id, signed);
        if (conversationId !== undefined && !merged.includes(conversationId)) {
          merged.push(conversationId);
        }
      }
    }
    let mergedIds: string[] = [];
    if (options.upstreamDialect !== 'chaindesk') {
      const submission: IdentifiedVisitorSubmission = {
        visitorId,
        userId: body.userId,
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.email === undefined ? {} : { email: body.email }),
        ...(body.attributes === undefined ? {} : { attributes: body.attributes }),
        ...(merged.length > 0
          ? { merge: { visitorId: anonymous.id, conversationIds: merged } }
          : {}),
      };
      const upstreamBody = await context.upstreamAnswer(res, {
        method: 'POST',
        path: `/api/agents/${encodeURIComponent(agentId)}/identified-visitors`,
        body: submission,
        agentId,
      });
      if (!upstreamBody) return;
      const moved = upstreamBody.mergedConversationIds;
      mergedIds = Array.isArray(moved)
        ? moved.filter((id): id is string => typeof id === 'string' && merged.includes(id))
        : [];
    }
    const answer: IdentifyResponse = {
      visitorId: identity.tokenFor(agentId, visitorId),
      conversationIds: mergedIds.flatMap((id) => {
        const signed = identity.signConversation(agentId, visitorId, id);
        return signed === undefined ? [] : [signed];
      }),
    };
    context.sendAnswer(res, answer);
  };
}

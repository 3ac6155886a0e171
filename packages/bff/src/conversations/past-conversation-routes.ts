/**
 * A visitor's past conversations with an agent: `POST /api/agents/:id/conversations`
 * lists those the widget holds signed ids of, and `POST /api/agents/:id/conversations/delete`
 * erases one.
 */
import type { DeleteConversationResponse, PastConversationsResponse } from '@agent-chat/protocol';
import {
  deleteConversationRequestSchema,
  pastConversationsRequestSchema,
} from '@agent-chat/protocol/schemas';
import { isUserVisitor } from '../identity/index.js';
import type { RouteContext, RouteHandler } from './route-context.js';
import { pastConversationOf } from './visitor-views.js';

/**
 * Creates the list route, `{visitorId, conversationIds}`: each of those conversations
 * that is signed to the visitor and still kept, under the id the widget holds (none from
 * Chaindesk, which keeps no conversations for visitors to list). For a signed-in user, the
 * user's most recent conversations from every device, whatever ids the widget sent.
 */
export function createPastConversationsRoute(context: RouteContext): RouteHandler {
  const { gate, identity, limits, options } = context;
  return async function pastConversations(req, res) {
    const accepted = await gate.accept(
      req,
      res,
      pastConversationsRequestSchema,
      limits.perVisitor,
      limits.perIp,
    );
    if (!accepted) return;
    const { agentId, visitorId, body } = accepted;
    const answer: PastConversationsResponse = { conversations: [] };
    // Chaindesk keeps no conversations for visitors to list.
    if (options.upstreamDialect === 'chaindesk') {
      context.sendAnswer(res, answer);
      return;
    }
    // The upstream's id of each conversation listed, and the signed id the widget gets.
    const signedIds = new Map<string, string>();
    let listed: unknown[] = [];
    if (isUserVisitor(visitorId)) {
      // A signed-in user's conversations from every device, whatever this widget kept.
      const upstreamBody = await context.upstreamAnswer(res, {
        method: 'POST',
        path: `/api/agents/${encodeURIComponent(agentId)}/user-conversations`,
        body: { visitorId },
        agentId,
      });
      if (!upstreamBody) return;
      listed = Array.isArray(upstreamBody.conversations) ? upstreamBody.conversations : [];
      for (const item of listed) {
        const id = (item as { id?: unknown } | null)?.id;
        const signed =
          typeof id === 'string' ? identity.signConversation(agentId, visitorId, id) : undefined;
        if (typeof id === 'string' && signed !== undefined) signedIds.set(id, signed);
      }
    } else {
      for (const signed of body.conversationIds) {
        const conversationId = identity.openConversation(agentId, visitorId, signed);
        if (conversationId !== undefined && !signedIds.has(conversationId)) {
          signedIds.set(conversationId, signed);
        }
      }
      if (signedIds.size > 0) {
        const upstreamBody = await context.upstreamAnswer(res, {
          method: 'POST',
          path: `/api/agents/${encodeURIComponent(agentId)}/visitor-conversations`,
          body: { visitorId, conversationIds: [...signedIds.keys()] },
          agentId,
        });
        if (!upstreamBody) return;
        listed = Array.isArray(upstreamBody.conversations) ? upstreamBody.conversations : [];
      }
    }
    answer.conversations = listed.flatMap((item) => {
      const past = pastConversationOf(item, signedIds);
      return past ? [past] : [];
    });
    context.sendAnswer(res, answer);
  };
}

/** Creates the delete route, `{visitorId, conversationId}`: the conversation erased. */
export function createDeleteConversationRoute(context: RouteContext): RouteHandler {
  return async function deleteConversation(req, res) {
    const accepted = await context.gate.acceptConversation(
      req,
      res,
      deleteConversationRequestSchema,
    );
    if (!accepted) return;
    const { agentId, visitorId, conversationId } = accepted;
    const upstreamBody = await context.upstreamAnswer(res, {
      method: 'POST',
      path: `/api/agents/${encodeURIComponent(agentId)}/visitor-conversations/delete`,
      body: { visitorId, conversationId },
      agentId,
    });
    if (!upstreamBody) return;
    const answer: DeleteConversationResponse = { deleted: true };
    context.sendAnswer(res, answer);
  };
}

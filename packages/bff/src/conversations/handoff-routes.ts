/**
 * A person in the conversation: `POST /api/agents/:id/handoff` asks for one, and
 * `POST /api/agents/:id/messages`, polled by an open widget, brings the conversation's
 * status and the messages after the last one the widget has (an operator's replies).
 */
import {
  ERROR_CODES,
  type HandoffResponse,
  type MessagesResponse,
  readContactOffer,
} from '@agent-chat/protocol';
import { handoffRequestSchema, messagesRequestSchema } from '@agent-chat/protocol/schemas';
import { sendError } from '../http/index.js';
import { notYoursMessage } from '../identity/index.js';
import type { RouteContext, RouteHandler } from './route-context.js';
import { statusOf, visitorMessageOf } from './visitor-views.js';

const handoffDisabledMessage = 'This assistant does not offer a person to talk to.';

/**
 * Creates the handoff route, `{visitorId, conversationId}`: the conversation's new status
 * and the contact form to offer, if any (403 `HANDOFF_DISABLED` when the agent does not
 * offer a person).
 */
export function createHandoffRoute(context: RouteContext): RouteHandler {
  return async function handoff(req, res) {
    const accepted = await context.gate.acceptConversation(req, res, handoffRequestSchema);
    if (!accepted) return;
    const { agentId, visitorId, conversationId } = accepted;
    const upstreamBody = await context.upstreamAnswer(res, {
      method: 'POST',
      path: `/api/conversations/${encodeURIComponent(conversationId)}/handoff`,
      body: { agentId, visitorId },
      agentId,
      relayCodes: { [ERROR_CODES.handoffDisabled]: handoffDisabledMessage },
    });
    if (!upstreamBody) return;
    const offer = readContactOffer(upstreamBody.contactCapture);
    const answer: HandoffResponse = {
      status: statusOf(upstreamBody.status) ?? 'handoff',
      ...(offer ? { contactCapture: offer } : {}),
    };
    context.sendAnswer(res, answer);
  };
}

/**
 * Creates the messages route, `{visitorId, conversationId, after?}`: the conversation's
 * status and its messages after `after` (a message id signed to the visitor), each with
 * its id signed for them. Counted by the poll limit, not the query route's.
 */
export function createMessagesRoute(context: RouteContext): RouteHandler {
  const { gate, identity } = context;
  return async function messages(req, res) {
    const accepted = await gate.accept(
      req,
      res,
      messagesRequestSchema,
      context.pollLimit,
      undefined,
    );
    if (!accepted) return;
    const { agentId, visitorId, body } = accepted;
    const conversationId = identity.openConversation(agentId, visitorId, body.conversationId);
    const after =
      body.after === undefined ? undefined : identity.openMessage(agentId, visitorId, body.after);
    if (conversationId === undefined || (body.after !== undefined && after === undefined)) {
      sendError(
        res,
        404,
        ERROR_CODES.notFound,
        notYoursMessage(conversationId ? 'message' : 'conversation'),
      );
      return;
    }
    const query = new URLSearchParams({ agentId, visitorId });
    if (after !== undefined) query.set('after', after);
    const upstreamBody = await context.upstreamAnswer(res, {
      method: 'GET',
      path: `/api/conversations/${encodeURIComponent(conversationId)}/messages?${query}`,
      agentId,
    });
    if (!upstreamBody) return;
    const listed = Array.isArray(upstreamBody.messages) ? upstreamBody.messages : [];
    const answer: MessagesResponse = {
      status: statusOf(upstreamBody.status) ?? 'open',
      messages: listed.flatMap((message) => {
        const visible = visitorMessageOf(message);
        const id = visible && identity.signMessage(agentId, visitorId, visible.id);
        return visible && id ? [{ ...visible, id }] : [];
      }),
    };
    context.sendAnswer(res, answer);
  };
}

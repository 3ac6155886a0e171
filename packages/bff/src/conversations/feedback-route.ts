/**
 * `POST /api/agents/:id/feedback` `{visitorId, messageId, eval, comment?}`: a visitor's
 * vote on an answer signed to them, changed or cleared with `eval: null`.
 */
import { ERROR_CODES, type FeedbackResponse } from '@agent-chat/protocol';
import { feedbackRequestSchema } from '@agent-chat/protocol/schemas';
import { sendError } from '../http/index.js';
import { notYoursMessage } from '../identity/index.js';
import type { RouteContext, RouteHandler } from './route-context.js';

/** Creates the feedback route: the vote relayed as the service's `eval-answer`. */
export function createFeedbackRoute(context: RouteContext): RouteHandler {
  const { gate, identity, limits } = context;
  return async function feedback(req, res) {
    const accepted = await gate.accept(
      req,
      res,
      feedbackRequestSchema,
      limits.perVisitor,
      limits.perIp,
    );
    if (!accepted) return;
    const { agentId, visitorId, body } = accepted;
    const messageId = identity.openMessage(agentId, visitorId, body.messageId);
    if (messageId === undefined) {
      sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('message'));
      return;
    }
    const upstreamBody = await context.upstreamAnswer(res, {
      method: 'POST',
      path: '/api/conversations/eval-answer',
      body: {
        messageId,
        visitorId,
        eval: body.eval,
        ...(body.comment === undefined ? {} : { comment: body.comment }),
      },
      agentId,
    });
    if (!upstreamBody) return;
    const answer: FeedbackResponse = {
      messageId: body.messageId,
      eval: upstreamBody.eval === 'good' || upstreamBody.eval === 'bad' ? upstreamBody.eval : null,
      comment: typeof upstreamBody.comment === 'string' ? upstreamBody.comment : null,
    };
    context.sendAnswer(res, answer);
  };
}

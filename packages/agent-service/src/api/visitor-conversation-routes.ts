import type {
  DeleteConversationRequest,
  EvalAnswerBody,
  HandoffBody,
  HandoffSummary,
  PastConversationsRequest,
  VisitorConversationDeleted,
  VisitorMessagesQuery,
} from '@agent-chat/protocol';
import {
  deleteConversationRequestSchema,
  evalAnswerSchema,
  handoffSchema,
  pastConversationsRequestSchema,
  visitorMessagesQuerySchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { handoffDisabled } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import { contactOffer } from '../contacts/index.js';
import {
  deleteVisitorConversation,
  evalAnswer,
  listVisitorConversations,
  startHandoff,
  visitorMessages,
} from '../conversations/index.js';
import { organizationOf } from './auth-middleware.js';
import { requestChannel } from './request-channel.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * Routes the BFF calls on behalf of a visitor it verified (mounted under `/api`; the
 * organization's key): `POST /conversations/eval-answer` (a vote on an answer; a new
 * thumbs-down queues `feedback.negative`), `POST /conversations/:id/handoff` (ask for a
 * person; 403 `HANDOFF_DISABLED` unless the agent has `handoffEnabled`; a new handoff
 * queues `handoff.requested` and the operator's mail; with the `handoff` trigger of
 * contact capture on and no contact from the visitor yet, the summary carries a
 * `contactCapture` offer), `GET /conversations/:id/messages` (poll for replies, or the
 * whole transcript without `after`), `POST /agents/:id/visitor-conversations`
 * `{visitorId, conversationIds}` (those of the ids that are the visitor's own with the
 * agent, with first question and status, most recently updated first; the others are left
 * out) and `POST /agents/:id/visitor-conversations/delete` `{visitorId, conversationId}`
 * (erase one). Each checks that the visitor owns the conversation or message: anything
 * else is 404, exactly like an id that does not exist.
 */
export function createVisitorConversationRoutes(context: ServiceContext): Router {
  const { database } = context;
  const router = Router();
  router.post('/conversations/eval-answer', async (req, res) => {
    const body = validateBody<EvalAnswerBody>(evalAnswerSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const vote = await database.transaction(async (transaction) => {
      const recorded = await evalAnswer(transaction, organizationId, body);
      if (recorded.response.eval === 'bad' && recorded.previous !== 'bad') {
        await context.notifier.negativeFeedback(transaction, organizationId, body.messageId);
      }
      return recorded;
    });
    context.notifier.wake();
    res.json(vote.response);
  });
  router.post('/conversations/:id/handoff', async (req, res) => {
    const body = validateBody<HandoffBody>(handoffSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, body.agentId);
    if (!agent.handoffEnabled) throw handoffDisabled(agent.id);
    const owner = { organizationId, agentId: body.agentId, visitorId: body.visitorId };
    const summary = await database.transaction(async (transaction) => {
      const handoff = await startHandoff(transaction, owner, req.params.id, requestChannel(req));
      if (handoff.started) {
        await context.notifier.handoffRequested(transaction, organizationId, handoff.summary);
      }
      return handoff.summary;
    });
    context.notifier.wake();
    const offer = await contactOffer(
      database,
      { organizationId, agent, visitorId: body.visitorId },
      ['handoff'],
    );
    const answer: HandoffSummary = offer ? { ...summary, contactCapture: offer } : summary;
    res.json(answer);
  });
  router.get('/conversations/:id/messages', async (req, res) => {
    const query = validateBody<VisitorMessagesQuery>(visitorMessagesQuerySchema, req.query);
    const owner = {
      organizationId: organizationOf(res.locals).id,
      agentId: query.agentId,
      visitorId: query.visitorId,
    };
    res.json(await visitorMessages(database, owner, req.params.id, query.after));
  });
  router.post('/agents/:id/visitor-conversations', async (req, res) => {
    const body = validateBody<PastConversationsRequest>(pastConversationsRequestSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    const owner = { organizationId, agentId: agent.id, visitorId: body.visitorId };
    res.json(await listVisitorConversations(database, owner, body.conversationIds));
  });
  router.post('/agents/:id/visitor-conversations/delete', async (req, res) => {
    const body = validateBody<DeleteConversationRequest>(deleteConversationRequestSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    const owner = { organizationId, agentId: agent.id, visitorId: body.visitorId };
    await database.transaction((transaction) =>
      deleteVisitorConversation(transaction, owner, body.conversationId),
    );
    const answer: VisitorConversationDeleted = { deleted: true };
    res.json(answer);
  });
  return router;
}

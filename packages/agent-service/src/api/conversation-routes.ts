import type {
  ConversationListQuery,
  ConversationStatusBody,
  OperatorMessageBody,
  OperatorReplyResponse,
} from '@agent-chat/protocol';
import {
  conversationListQuerySchema,
  conversationStatusSchema,
  emptyBodySchema,
  operatorMessageSchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import {
  addOperatorMessage,
  deleteConversation,
  getConversation,
  listConversations,
  updateConversationStatus,
} from '../conversations/index.js';
import { forgetDeliveries } from '../outbox/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * The operator's transcript routes (mounted under `/api`; the organization's key):
 * `GET /conversations` (filters, full-text `q`, keyset pages), `GET` and `DELETE
 * /conversations/:id` (erasure: its mails and events in the outbox go too), `POST /conversations/:id/messages` (an operator's reply, mailed to
 * the visitor when they left a contact: `emailedTo`; posted in its Slack thread) and `POST
 * /conversations/update-status` (resolving queues `conversation.resolved`). The export is
 * in its own route.
 */
export function createConversationRoutes(context: ServiceContext): Router {
  const { database } = context;
  const router = Router();
  router.get('/conversations', async (req, res) => {
    const query = validateBody<ConversationListQuery>(conversationListQuerySchema, req.query);
    res.json(await listConversations(database, organizationOf(res.locals).id, query));
  });
  router.post('/conversations/update-status', async (req, res) => {
    const body = validateBody<ConversationStatusBody>(conversationStatusSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const summary = await database.transaction(async (transaction) => {
      const update = await updateConversationStatus(
        transaction,
        organizationId,
        body.conversationId,
        body.status,
      );
      if (update.summary.status === 'resolved' && update.previous !== 'resolved') {
        await context.notifier.conversationResolved(transaction, organizationId, update.summary);
      }
      return update.summary;
    });
    context.notifier.wake();
    res.json(summary);
  });
  router.get('/conversations/:id', async (req, res) => {
    res.json(await getConversation(database, organizationOf(res.locals).id, req.params.id));
  });
  router.delete('/conversations/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const summary = await database.transaction(async (transaction) => {
      const erased = await deleteConversation(transaction, organizationId, req.params.id);
      await forgetDeliveries(transaction, organizationId);
      return erased;
    });
    res.json(summary);
  });
  router.post('/conversations/:id/messages', async (req, res) => {
    const body = validateBody<OperatorMessageBody>(operatorMessageSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const reply = await database.transaction(
      async (transaction): Promise<OperatorReplyResponse> => {
        const message = await addOperatorMessage(
          transaction,
          organizationId,
          req.params.id,
          body.text,
        );
        const emailedTo = await context.notifier.operatorReplied(
          transaction,
          organizationId,
          req.params.id,
          body.text,
        );
        return { ...message, emailedTo };
      },
    );
    context.notifier.wake();
    context.integrations?.operatorReplied(organizationId, req.params.id, body.text);
    res.status(201).json(reply);
  });
  return router;
}

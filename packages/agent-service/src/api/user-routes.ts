import type {
  IdentifiedVisitorSubmission,
  UserErasureResponse,
  VisitorConversationsResponse,
} from '@agent-chat/protocol';
import {
  emptyBodySchema,
  identifiedVisitorSchema,
  userConversationsRequestSchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { getAgent } from '../agents/index.js';
import { listVisitorConversations } from '../conversations/index.js';
import { forgetDeliveries } from '../outbox/index.js';
import { eraseUser, identifyVisitor } from '../users/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/** Longest user id in a path (the schemas' `userId` limit). */
const USER_ID_MAX = 256;

/**
 * The routes of signed-in users (mounted under `/api`; the organization's key):
 *
 * - `POST /agents/:id/identified-visitors` ({@link IdentifiedVisitorSubmission}, sent by
 *   the BFF once it verified the host's signature): who the visitor is, and the anonymous
 *   visitor's conversations merged into it → `{mergedConversationIds}`.
 * - `POST /agents/:id/user-conversations` `{visitorId}`: the user's conversations with the
 *   agent, most recent first, from every device (the BFF sends only a user's visitor).
 * - `DELETE /users/:userId`: erases the user's conversations (with every agent), contacts
 *   and what was known of them, and the outbox's mails and events about those
 *   conversations → {@link UserErasureResponse}.
 */
export function createUserRoutes(context: ServiceContext): Router {
  const { database } = context;
  const router = Router();

  router.post('/agents/:id/identified-visitors', async (req, res) => {
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    const body = validateBody<IdentifiedVisitorSubmission>(identifiedVisitorSchema, req.body);
    res.json(
      await database.transaction((transaction) =>
        identifyVisitor(transaction, organizationId, agent, body),
      ),
    );
  });

  router.post('/agents/:id/user-conversations', async (req, res) => {
    const body = validateBody<{ visitorId: string }>(userConversationsRequestSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await getAgent(database, organizationId, req.params.id);
    const owner = { organizationId, agentId: agent.id, visitorId: body.visitorId };
    const answer: VisitorConversationsResponse = await listVisitorConversations(
      database,
      owner,
      'all',
    );
    res.json(answer);
  });

  router.delete('/users/:userId', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const userId = String(req.params.userId).slice(0, USER_ID_MAX + 1);
    const answer: UserErasureResponse = await database.transaction(async (transaction) => {
      const erased = await eraseUser(transaction, organizationId, userId);
      await forgetDeliveries(transaction, organizationId);
      return erased;
    });
    res.json(answer);
  });
  return router;
}

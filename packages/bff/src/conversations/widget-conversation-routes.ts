/**
 * The widget's conversation routes, one list: each path and the handler that serves it
 * (in the files of its concept), wrapped so that an unexpected failure is a JSON 500.
 */
import { ERROR_CODES } from '@agent-chat/protocol';
import { type Request, type Response, Router } from 'express';
import { sendError } from '../http/index.js';
import { createContactCaptureRoute, createContactRoute } from './contact-routes.js';
import { createFeedbackRoute } from './feedback-route.js';
import { createHandoffRoute, createMessagesRoute } from './handoff-routes.js';
import { createIdentifyRoute } from './identify-route.js';
import {
  createDeleteConversationRoute,
  createPastConversationsRoute,
} from './past-conversation-routes.js';
import {
  createRouteContext,
  type RouteHandler,
  type WidgetConversationRoutesOptions,
} from './route-context.js';

/**
 * Creates the widget's conversation routes (relative to the BFF's mount; JSON bodies, so
 * visitor tokens stay out of URLs and logs):
 *
 * - `POST /api/agents/:id/feedback` `{visitorId, messageId, eval, comment?}`: a vote on an
 *   answer, changed or cleared with `eval: null`;
 * - `POST /api/agents/:id/handoff` `{visitorId, conversationId}`: ask for a person (403
 *   `HANDOFF_DISABLED` when the agent does not offer it);
 * - `POST /api/agents/:id/messages` `{visitorId, conversationId, after?}`: the
 *   conversation's status and its messages (after `after`), polled by an open widget;
 * - `POST /api/agents/:id/contact` `{visitorId, conversationId?, email, name?, phone?}`:
 *   leave contact details (403 `CONTACT_CAPTURE_DISABLED` when the agent takes none);
 * - `GET /api/agents/:id/contact-capture`: the agent's contact capture settings, the same
 *   for every visitor (cacheable for a minute; off when the upstream is Chaindesk's or the
 *   agent has none);
 * - `POST /api/agents/:id/conversations` `{visitorId, conversationIds}`: the visitor's
 *   past conversations among those ids;
 * - `POST /api/agents/:id/conversations/delete` `{visitorId, conversationId}`: erase one;
 * - `POST /api/agents/:id/identify` `{userId, userHash, name?, email?, attributes?,
 *   visitorId?, conversationIds?}`: become the signed-in user the host site signed (401
 *   `IDENTITY_INVALID` for a wrong hash), the anonymous visitor's conversations merged.
 *
 * Where the agent serves signed-in users only (`identityRequired`), an anonymous visitor
 * is 401 `IDENTITY_REQUIRED`.
 *
 * Only a verified visitor is served, and only for a conversation or message signed to them
 * on this agent: anything else is 404 before the upstream is called. The upstream gets its
 * own ids and the visitor's id; message ids in answers are signed for the visitor.
 */
export function createWidgetConversationRoutes(deps: WidgetConversationRoutesOptions): Router {
  const context = createRouteContext(deps);
  const router = Router();

  /** Wraps an async route: an unexpected failure is a JSON 500, never a hung request. */
  const route = (handler: RouteHandler) => (req: Request, res: Response) => {
    handler(req, res).catch((error: unknown) => {
      deps.logger?.error(
        { err: { message: (error as Error).message } },
        'conversation route failed',
      );
      if (!res.headersSent) {
        sendError(res, 500, ERROR_CODES.internal, 'Something went wrong on the chat server.');
      }
    });
  };

  router.post('/api/agents/:id/feedback', route(createFeedbackRoute(context)));
  router.post('/api/agents/:id/handoff', route(createHandoffRoute(context)));
  router.post('/api/agents/:id/messages', route(createMessagesRoute(context)));
  router.post('/api/agents/:id/contact', route(createContactRoute(context)));
  router.get('/api/agents/:id/contact-capture', route(createContactCaptureRoute(context)));
  router.post('/api/agents/:id/conversations', route(createPastConversationsRoute(context)));
  router.post(
    '/api/agents/:id/conversations/delete',
    route(createDeleteConversationRoute(context)),
  );
  router.post('/api/agents/:id/identify', route(createIdentifyRoute(context)));
  return router;
}

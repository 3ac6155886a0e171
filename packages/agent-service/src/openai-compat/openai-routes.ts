import { type RequestHandler, Router } from 'express';
import type { AskingContext } from '../asking/index.js';
import type { Organization } from '../organizations/index.js';
import { createChatCompletionsRoute } from './chat-completions-route.js';
import { createModelsRoutes } from './models-routes.js';
import { createOpenAiErrorHandler, createOpenAiNotFoundHandler } from './openai-error-handler.js';

/** Options of {@link createOpenAiRoutes}. */
export interface OpenAiRoutesOptions {
  /**
   * What runs before the routes: the path guard, authentication (answering 401 in
   * OpenAI's shape) and the JSON body parser, as the HTTP app builds them for `/api`.
   */
  before: RequestHandler[];
  /** The organization the authentication found for the request. */
  organizationOf(locals: Record<string, unknown>): Organization;
}

/**
 * The OpenAI-compatible API, to mount at `/v1`: `GET /models`, `GET /models/:id` (the
 * organization's agents) and `POST /chat/completions`, with every error, unknown routes
 * included, in OpenAI's shape so the SDKs raise their typed errors.
 *
 * @example
 * app.use('/v1', createOpenAiRoutes(context, { before: [authenticate, express.json()], organizationOf }));
 */
export function createOpenAiRoutes(context: AskingContext, options: OpenAiRoutesOptions): Router {
  const router = Router();
  router.use(...options.before);
  router.use(createModelsRoutes(context.database, options.organizationOf));
  router.use(createChatCompletionsRoute(context, options.organizationOf));
  router.use(createOpenAiNotFoundHandler());
  router.use(createOpenAiErrorHandler(context.logger));
  return router;
}

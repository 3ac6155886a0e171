import express, { type Express } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import { createMcpRoute } from '../mcp/index.js';
import { createOpenAiRoutes, toOpenAiError } from '../openai-compat/index.js';
import { createAgentRoutes } from './agent-routes.js';
import { createAuthMiddleware, organizationOf } from './auth-middleware.js';
import { createContactRoutes } from './contact-routes.js';
import { createConversationExportRoute } from './conversation-export-route.js';
import { createConversationRoutes } from './conversation-routes.js';
import { createDatasourceRoutes } from './datasource-routes.js';
import { createDatastoreRoutes } from './datastore-routes.js';
import { createDeliveryRoutes } from './delivery-routes.js';
import { createErrorHandler, createNotFoundHandler } from './error-handler.js';
import { createGapTopicsRoutes } from './gap-topics-routes.js';
import { createInsightsRoute } from './insights-route.js';
import { createNulPathGuard } from './nul-path-guard.js';
import { createOpenApiRoute } from './openapi-route.js';
import { createQueryRoute } from './query-route.js';
import { createSearchRoute } from './search-route.js';
import type { ServiceContext } from './service-context.js';
import { createUserRoutes } from './user-routes.js';
import { createVisitorConversationRoutes } from './visitor-conversation-routes.js';

/** Options of {@link createHttpApp} (the service's options of the same names). */
interface HttpAppOptions {
  /** Largest JSON body accepted, in bytes (413 above). */
  bodyLimitBytes: number;
  /** How long a resolved API key is remembered in memory, ms (0: not at all). */
  authCacheTtlMs: number;
}

/**
 * The Express app of the service: `GET /healthz` and `GET /api/openapi.json` (no key), then under `/api` the auth
 * middleware, the JSON body parser and the routes (query, search, agents, datastores,
 * datasources, conversations, contacts, insights and content-gap topics,
 * deliveries, Slack and Discord integrations; each agent's MCP server), the platforms' signed
 * `/integrations/…` endpoints (no key); unmatched routes answer 404 and errors become `{"error":{…}}` responses.
 * Under `/v1`, the OpenAI-compatible API behind the same key, with OpenAI's error shape.
 */
export function createHttpApp(context: ServiceContext, options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(createOpenApiRoute());
  // Signed by the platform, no API key; each reads its raw body itself.
  if (context.integrations) app.use(context.integrations.publicRoutes);
  const api = express.Router();
  api.use(createNulPathGuard());
  api.use(
    createAuthMiddleware(context.database, {
      now: context.now,
      cacheTtlMs: options.authCacheTtlMs,
    }),
  );
  // Before the JSON parser: MCP's transport reads its body and answers JSON-RPC errors.
  api.use(createMcpRoute(context, { bodyLimitBytes: options.bodyLimitBytes }));
  api.use(express.json({ limit: options.bodyLimitBytes }));
  api.use(createQueryRoute(context));
  api.use(createSearchRoute(context));
  api.use(createAgentRoutes(context));
  api.use(createDatastoreRoutes(context));
  api.use(createDatasourceRoutes(context));
  // The export and the visitor routes first: their paths would match `/conversations/:id`.
  api.use(createConversationExportRoute(context));
  api.use(createVisitorConversationRoutes(context));
  api.use(createConversationRoutes(context));
  api.use(createInsightsRoute(context));
  api.use(createGapTopicsRoutes(context));
  api.use(createContactRoutes(context));
  api.use(createUserRoutes(context));
  api.use(createDeliveryRoutes(context));
  if (context.integrations) api.use(context.integrations.adminRoutes);
  app.use('/api', api);
  app.use(
    '/v1',
    createOpenAiRoutes(context, {
      before: [
        createNulPathGuard(),
        createAuthMiddleware(context.database, {
          now: context.now,
          cacheTtlMs: options.authCacheTtlMs,
          errorBody: (code, message) =>
            toOpenAiError(new AgentServiceError(code, 401, message)).body,
        }),
        express.json({ limit: options.bodyLimitBytes }),
      ],
      organizationOf,
    }),
  );
  app.use(createNotFoundHandler());
  app.use(createErrorHandler(context.logger));
  return app;
}

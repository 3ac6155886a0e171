import { readFileSync } from 'node:fs';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Router } from 'express';
import { getAgent } from '../agents/index.js';
import { organizationOf } from '../api/auth-middleware.js';
import type { ServiceContext } from '../api/service-context.js';
import { clientSignal } from '../asking/index.js';
import { createMcpServer } from './mcp-server.js';
import { prefersEventStream } from './response-mode.js';

/** Options of {@link createMcpRoute}. */
export interface McpRouteOptions {
  /** Largest JSON-RPC body, in bytes (413 above): the service's `bodyLimitBytes`. */
  bodyLimitBytes: number;
}

/**
 * `POST /agents/:id/mcp` (mounted under `/api`, after the key is checked and before the
 * JSON body parser: the SDK's transport reads the body, and answers a body that is not
 * JSON-RPC with the protocol's own errors, 400 `-32700` or `-32600`, 413 when too large).
 * The agent's knowledge as a Model Context Protocol server over Streamable HTTP,
 * stateless: each request builds its server and transport (no
 * `sessionIdGenerator`), so no session is lost when a process restarts and any process answers any
 * call. The answer is one JSON body, or an event stream when the client's `Accept`
 * prefers it ({@link prefersEventStream}). An unknown agent, or another organization's,
 * is 404 before anything else. Other methods on the path are 405 (no server-initiated
 * stream and no session to delete, as the specification allows).
 */
export function createMcpRoute(context: ServiceContext, options: McpRouteOptions): Router {
  const { version } = JSON.parse(
    readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  const router = Router();
  router.post('/agents/:id/mcp', async (req, res) => {
    const startedAt = performance.now();
    const signal = clientSignal(res);
    const organization = organizationOf(res.locals);
    const agent = await getAgent(context.database, organization.id, req.params.id);
    // No `sessionIdGenerator`: stateless, no `Mcp-Session-Id` given or asked for.
    const transport = new StreamableHTTPServerTransport({
      enableJsonResponse: !prefersEventStream(req.headers.accept),
      maxRequestBodySize: options.bodyLimitBytes,
    });
    const server = createMcpServer(
      { context, organization, agent, signal, startedAt },
      { version },
    );
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  router.use('/agents/:id/mcp', function mcpMethodNotAllowed(_req, res) {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: {
          // The server-defined error code the SDK's own examples answer a 405 with.
          code: -32_000,
          message:
            'Method not allowed: this MCP server is stateless; send every JSON-RPC message with POST.',
        },
        id: null,
      });
  });
  return router;
}

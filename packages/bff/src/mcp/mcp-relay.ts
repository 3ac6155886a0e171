import type { ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ERROR_CODES, ID_PATTERN, idRuleMessage } from '@agent-chat/protocol';
import { type Request, Router } from 'express';
import type { Logger } from 'pino';
import {
  createCors,
  type OriginCheck,
  readJsonBody,
  requestIdOf,
  sendError,
  type UnexpectedErrorHandler,
} from '../http/index.js';
import type { RateLimits } from '../limits/index.js';
import { type ResolvedBffOptions, requiresIdentity } from '../options/index.js';
import { answerBodyFailure } from '../query/index.js';
import {
  createRelayControl,
  errorCodeOfBody,
  mapUpstreamStatus,
  readBodyText,
  TIMED_OUT,
  UNREACHABLE,
  type UpstreamClient,
} from '../upstream/index.js';

/** What {@link createMcpRelay} is built from (created once by `createBff`). */
export interface McpRelayOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  rateLimits: RateLimits;
  checkOrigin: OriginCheck;
  /** Answers an error a step reported (e.g. the rate limit store failing). */
  onError: UnexpectedErrorHandler;
  logger: Logger | undefined;
}

/**
 * Upstream statuses relayed as they are, with their body: the answer (200, or 202 for a
 * notification) and the transport's own JSON-RPC refusals of a malformed message. Any
 * other status is the BFF's own error: the caller never sees the service's details.
 */
const RELAYED_STATUSES = new Set([200, 202, 400, 405, 406, 413, 415]);

/** Response headers of the service passed on to the caller. */
const RELAYED_HEADERS = ['content-type', 'cache-control'] as const;

/** A JSON-RPC error answered by the BFF itself (no request id could be read). */
function sendJsonRpcError(res: ServerResponse, status: number, code: number, message: string) {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null });
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** The BFF's public base URL as this request reached it (its mount included). */
function publicBase(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${req.baseUrl}`;
}

/**
 * The public MCP endpoints, `POST /mcp/:agentId` (each agent's knowledge for AI coding
 * tools) and `GET /.well-known/mcp.json` (what is served and where). A call goes through
 * the `Origin` check (the MCP specification's DNS-rebinding rule: a foreign browser origin
 * is 403, a client without `Origin`, as IDEs are, is served), the agent allow-list and its
 * policy (`mcp: false` turns one agent's endpoint off, and an agent that serves signed-in
 * users only has it off unless `mcp: true`; all 404), the per-IP rate limit
 * (shared by replicas through Redis), the body limit, then is relayed to the agent
 * service's `POST /api/agents/:id/mcp` with the BFF's token, which never reaches the
 * caller. The answer (JSON or an event stream) streams back as it comes.
 */
export function createMcpRelay(deps: McpRelayOptions): Router {
  const { options, upstream, rateLimits, logger } = deps;
  const policyOf = (agentId: string) =>
    (Object.hasOwn(options.agentPolicies, agentId)
      ? options.agentPolicies[agentId]
      : options.agentPolicies['*']) ?? {};
  // An agent that serves signed-in users only keeps its knowledge from anonymous MCP callers
  // (an AI tool cannot sign in as the widget does): its endpoint is off unless its policy
  // turns it on with `"mcp": true`.
  const served = (agentId: string) => {
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) return false;
    const { mcp } = policyOf(agentId);
    return mcp ?? !requiresIdentity(options, agentId);
  };

  const router = Router();
  router.get('/.well-known/mcp.json', (req, res) => {
    const base = publicBase(req);
    const agents = options.allowedAgents === '*' ? [] : [...options.allowedAgents].filter(served);
    res.set('Cache-Control', 'public, max-age=300').json({
      name: 'agent-chat',
      description:
        'Documentation knowledge as Model Context Protocol servers: search_docs, get_page, ask_question, send_feedback.',
      transport: 'streamable-http',
      endpointTemplate: `${base}/mcp/{agentId}`,
      servers: agents.map((agentId) => ({
        agentId,
        url: `${base}/mcp/${agentId}`,
        transport: 'streamable-http',
      })),
    });
  });
  // A browser client (an MCP inspector in a page) sends MCP-Protocol-Version on every request
  // after initialize. Mcp-Session-Id is not allowed: the server is stateless, never issues a
  // session, so a client never sends one.
  router.use('/mcp', createCors(deps.checkOrigin, { extraAllowHeaders: ['Mcp-Protocol-Version'] }));
  router.post('/mcp/:agentId', (req, res) => {
    const { agentId } = req.params;
    if (!ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return;
    }
    if (!served(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return;
    }
    rateLimits.perIp(req, res, (error?: unknown) => {
      if (error) {
        deps.onError(error, res);
        return;
      }
      readJsonBody(
        req,
        options.maxBodyBytes,
        (result) => {
          if (result.ok) {
            void relay(req, res, agentId, JSON.stringify(result.body));
          } else if (result.reason === 'invalid-json') {
            sendJsonRpcError(res, 400, -32_700, 'Parse error: the body is not valid JSON.');
          } else {
            answerBodyFailure(res, result, options.maxBodyBytes, logger);
          }
        },
        options.bodyTimeoutMs,
      );
    });
  });
  router.use('/mcp/:agentId', function mcpMethodNotAllowed(_req, res) {
    res.setHeader('Allow', 'POST');
    sendJsonRpcError(
      res,
      405,
      -32_000,
      'Method not allowed: send every JSON-RPC message with POST.',
    );
  });

  async function relay(req: Request, res: ServerResponse, agentId: string, body: string) {
    const control = createRelayControl();
    res.on('close', () => {
      if (!res.writableFinished) control.abort('client');
    });
    control.arm(options.firstByteTimeoutMs);
    let response: Awaited<ReturnType<UpstreamClient['request']>>;
    try {
      response = await upstream.request({
        method: 'POST',
        path: `/api/agents/${encodeURIComponent(agentId)}/mcp`,
        body,
        accept: req.headers.accept ?? 'application/json, text/event-stream',
        requestId: requestIdOf(res),
        control,
      });
    } catch {
      const failure = control.cause() === 'timeout' ? TIMED_OUT : UNREACHABLE;
      if (control.cause() !== 'client')
        sendError(res, failure.status, failure.code, failure.message);
      return;
    } finally {
      control.disarm();
    }
    const status = response.statusCode;
    if (!RELAYED_STATUSES.has(status)) {
      const text = await readBodyText(response.body).catch(() => '');
      const mapped = mapUpstreamStatus(status, errorCodeOfBody(text), agentId);
      logger?.warn({ agentId, upstreamStatus: status }, 'mcp relay: the agent service refused');
      sendError(res, mapped.status, mapped.code, mapped.message);
      return;
    }
    res.statusCode = status;
    for (const name of RELAYED_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) res.setHeader(name, value);
    }
    if (String(response.headers['content-type']).startsWith('text/event-stream')) {
      res.setHeader('X-Accel-Buffering', 'no');
    }
    try {
      await pipeline(response.body, res);
    } catch {
      // The caller left, or the service's stream broke: nothing more can be said to it.
      response.body.destroy();
    }
  }

  return router;
}

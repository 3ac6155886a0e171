/**
 * The widget's search mode: `POST /api/agents/:id/search` relays a type-ahead search to the
 * agent service, and `GET /api/agents/:id/features` tells the widget whether to offer it.
 */
import {
  type AgentFeatures,
  ERROR_CODES,
  ID_PATTERN,
  idRuleMessage,
  type SearchResponse,
  type SearchResult,
} from '@agent-chat/protocol';
import { parseBody, searchRequestSchema } from '@agent-chat/protocol/schemas';
import { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { callUpstreamJson } from '../conversations/index.js';
import { readJsonBody, sendError } from '../http/index.js';
import {
  IDENTITY_REQUIRED_MESSAGE,
  isUserVisitor,
  type VisitorIdentity,
} from '../identity/index.js';
import { clientKeyOf, type Limiter, limiterPasses, setRateLimitVisitor } from '../limits/index.js';
import { type ResolvedBffOptions, requiresIdentity } from '../options/index.js';
import { answerBodyFailure } from '../query/index.js';
import type { UpstreamClient } from '../upstream/index.js';

/** What the search routes are built from (created once by `createBff`). */
export interface SearchRoutesOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  identity: VisitorIdentity;
  /** The search route's own limits (`rateLimit.searchPerIp`, `rateLimit.searchPerVisitor`). */
  limits: { perIp: Limiter; perVisitor: Limiter };
  logger: Logger | undefined;
}

/** How long browsers and caches may keep an agent's features, seconds. */
const FEATURES_MAX_AGE_S = 300;

/** One upstream result, kept only with the fields and types of {@link SearchResult}. */
function searchResultOf(value: unknown): SearchResult[] {
  if (typeof value !== 'object' || value === null) return [];
  const item = value as Record<string, unknown>;
  const { title, heading, url, excerpt, highlights, score } = item;
  if (typeof title !== 'string' || typeof excerpt !== 'string' || typeof score !== 'number') {
    return [];
  }
  const ranges = Array.isArray(highlights)
    ? highlights.filter(
        (range): range is [number, number] =>
          Array.isArray(range) &&
          range.length === 2 &&
          Number.isInteger(range[0]) &&
          Number.isInteger(range[1]) &&
          range[0] >= 0 &&
          range[0] < range[1] &&
          range[1] <= excerpt.length,
      )
    : [];
  return [
    {
      title,
      heading: typeof heading === 'string' ? heading : '',
      url: typeof url === 'string' ? url : null,
      excerpt,
      highlights: ranges.map(([start, end]) => [start, end]),
      score,
    },
  ];
}

/**
 * Creates the search routes (relative to the BFF's mount):
 *
 * - `POST /api/agents/:id/search` `{query, limit?, visitorId?}` → `{results: [{title, heading,
 *   url, excerpt, highlights, score}]}`, relayed to the agent service's route of the same
 *   path for the agents the public may query. Its own limits, per client IP and per visitor
 *   (a signed `visitorId`; without one, per client IP), counted apart from questions. A
 *   blank, over-long (over 200 characters) or control-character query is a 400 before the
 *   upstream is called. Where the agent serves signed-in users only (`identityRequired`),
 *   a search without a signed-in user's visitor id is 401 `IDENTITY_REQUIRED`, as a
 *   question is. Against a Chaindesk upstream (no such route for the public): 404.
 * - `GET /api/agents/:id/features` → `{search}`: what the widget may offer for the agent
 *   (search is off against Chaindesk), the same for every visitor, cacheable (it tells
 *   nothing of the knowledge, so a signed-in-only agent answers it too).
 */
export function createSearchRoutes(deps: SearchRoutesOptions): Router {
  const { options, identity, limits, logger } = deps;
  const searchable = options.upstreamDialect !== 'chaindesk';
  const router = Router();

  /** The agent id, well-formed and allowed here; a failure has been answered. */
  const agentOf = (req: Request, res: Response): string | undefined => {
    const agentId = String(req.params.id);
    if (!ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return undefined;
    }
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return undefined;
    }
    return agentId;
  };

  async function search(req: Request, res: Response): Promise<void> {
    const agentId = agentOf(req, res);
    if (agentId === undefined || !(await limiterPasses(limits.perIp, req, res))) return;
    if (!searchable) {
      sendError(res, 404, ERROR_CODES.notFound, 'Search is not available for this assistant.');
      return;
    }
    const read = await new Promise<Parameters<Parameters<typeof readJsonBody>[2]>[0]>((resolve) =>
      readJsonBody(req, options.maxBodyBytes, resolve),
    );
    if (!read.ok) {
      answerBodyFailure(res, read, options.maxBodyBytes, logger);
      return;
    }
    const parsed = parseBody(searchRequestSchema, read.body);
    if (!parsed.success) {
      sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
      return;
    }
    const { query, limit, visitorId } = parsed.data;
    const visitor = identity.visitorOf(agentId, visitorId);
    if (!(visitor.verified && isUserVisitor(visitor.id)) && requiresIdentity(options, agentId)) {
      sendError(res, 401, ERROR_CODES.identityRequired, IDENTITY_REQUIRED_MESSAGE);
      return;
    }
    setRateLimitVisitor(
      res,
      visitor.verified ? `visitor:${visitor.id}` : `client:${clientKeyOf(req, res)}`,
    );
    if (!(await limiterPasses(limits.perVisitor, req, res))) return;
    const result = await callUpstreamJson(deps.upstream, res, {
      method: 'POST',
      path: `/api/agents/${encodeURIComponent(agentId)}/search`,
      body: limit === undefined ? { query } : { query, limit },
      agentId,
      timeoutMs: options.firstByteTimeoutMs,
    });
    if (!result.ok) {
      sendError(res, result.error.status, result.error.code, result.error.message);
      return;
    }
    const results = Array.isArray(result.body.results) ? result.body.results : [];
    const answer: SearchResponse = { results: results.flatMap(searchResultOf) };
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }

  function features(req: Request, res: Response): void {
    if (agentOf(req, res) === undefined) return;
    const answer: AgentFeatures = { search: searchable };
    res.setHeader('Cache-Control', `public, max-age=${FEATURES_MAX_AGE_S}`);
    // Shared caches must keep one copy per Origin: the CORS headers depend on it.
    res.vary('Origin');
    res.json(answer);
  }

  /** Wraps an async route: an unexpected failure is a JSON 500, never a hung request. */
  const route = (handler: (req: Request, res: Response) => Promise<void> | void) =>
    function searchRoute(req: Request, res: Response) {
      Promise.resolve(handler(req, res)).catch((error: unknown) => {
        logger?.error({ err: { message: (error as Error).message } }, 'search route failed');
        if (!res.headersSent) {
          sendError(res, 500, ERROR_CODES.internal, 'Something went wrong on the chat server.');
        }
      });
    };
  router.post('/api/agents/:id/search', route(search));
  router.get('/api/agents/:id/features', route(features));
  return router;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERROR_CODES, ID_PATTERN, idRuleMessage, type QueryRequest } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import {
  type JsonBodyResult,
  type OriginCheck,
  readJsonBody,
  type SecurityHeaders,
  sendError,
  type UnexpectedErrorHandler,
} from '../http/index.js';
import {
  type AnswerIdsRewriter,
  createAnswerIdsRewriter,
  IDENTITY_REQUIRED_MESSAGE,
  isUserVisitor,
  notYoursMessage,
  type VisitorIdentity,
} from '../identity/index.js';
import { clientKeyOf, type RateLimits, setRateLimitVisitor } from '../limits/index.js';
import type { BffMetrics } from '../ops/index.js';
import { type ResolvedBffOptions, requiresIdentity } from '../options/index.js';
import type { UpstreamClient } from '../upstream/index.js';
import { answerBodyFailure } from './body-failure.js';
import { createQueryForwarder } from './query-forwarder.js';
import type { QueryPolicy } from './query-policy.js';
import { SHUTTING_DOWN } from './stream-relay.js';
import type { StreamSlots } from './stream-slots.js';
import type { StreamTracker } from './stream-tracker.js';

/** Everything the public query route is built from (created once by `createBff`). */
export interface QueryRouteOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  policy: QueryPolicy;
  /** Verifies visitor tokens and conversation ids, and signs the ones in answers. */
  identity: VisitorIdentity;
  rateLimits: RateLimits;
  slots: StreamSlots;
  tracker: StreamTracker;
  metrics: BffMetrics;
  checkOrigin: OriginCheck;
  securityHeaders: SecurityHeaders;
  isShuttingDown(): boolean;
  /** Answers an error a step reported (e.g. the rate limit store failing). */
  onError: UnexpectedErrorHandler;
  logger: Logger | undefined;
}

/**
 * The public query route: a plain Node request handler, served by the Express router
 * and, in the standalone server, directly by the `http` server. Only for requests
 * {@link isQueryRequest} accepts.
 */
export type QueryRoute = (req: IncomingMessage, res: ServerResponse) => void;

/** The route's path (relative to the BFF's mount), matched as Express would: any case, optional trailing slash. */
const queryPath = /^\/api\/agents\/[^/?#]*\/query\/?(?:\?|$)/i;

/** Length of `/api/agents/`, where the agent id segment starts. */
const agentSegmentStart = 12;

/** Whether a request is `POST /api/agents/:id/query` (URL relative to the BFF's mount). */
export function isQueryRequest(req: IncomingMessage): boolean {
  return req.method === 'POST' && queryPath.test(req.url ?? '');
}

function agentIdOf(url: string): string | undefined {
  const segment = url.slice(agentSegmentStart, url.indexOf('/', agentSegmentStart));
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Creates the one public route, `POST /api/agents/:id/query`:
 * Origin check → shutdown check → id check → agent allow-list → per-IP limit → body
 * (size-limited JSON) → policy and validation → identity (visitor token verified, or a new
 * visitor; 401 `IDENTITY_REQUIRED` for an anonymous one where the agent serves signed-in
 * users only; conversation id checked against it: 404 when it is not theirs) → per-visitor
 * limit → per-visitor stream cap → relay, with the answer's ids signed for the browser.
 * Nothing reaches the upstream before every check has passed.
 *
 * A request without a valid visitor token is served as a new visitor, but is limited (and
 * its streams capped) together with every other such request from its client address.
 *
 * The steps call each other directly instead of being Express layers: this is the route
 * every visitor's question takes, and a router layer per step costs more than the step.
 */
export function createQueryRoute(deps: QueryRouteOptions): QueryRoute {
  const { options, policy, identity, rateLimits, slots, metrics } = deps;
  const forward = createQueryForwarder(deps);

  return function publicQuery(req, res) {
    deps.securityHeaders.write(req, res);
    if (!deps.checkOrigin(req, res)) return;
    if (deps.isShuttingDown()) {
      sendError(res, SHUTTING_DOWN.status, SHUTTING_DOWN.code, SHUTTING_DOWN.message);
      return;
    }
    const agentId = agentIdOf(req.url ?? '');
    if (agentId === undefined || !ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return;
    }
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return;
    }
    let body: QueryRequest | undefined;
    let limitKey = '';
    let rewriteIds: AnswerIdsRewriter | undefined;
    const afterVisitorLimit = (error?: unknown): void => {
      if (error) deps.onError(error, res);
      else if (body && rewriteIds) relay(res, agentId, body, limitKey, rewriteIds);
    };
    const afterBody = (result: JsonBodyResult): void => {
      if (!result.ok) {
        answerBodyFailure(res, result, options.maxBodyBytes, deps.logger);
        return;
      }
      const applied = policy.apply(agentId, result.body);
      if (!applied.ok) {
        sendError(res, 400, applied.code, applied.message);
        return;
      }
      const visitor = identity.visitorOf(agentId, applied.body.visitorId);
      if (!(visitor.verified && isUserVisitor(visitor.id)) && requiresIdentity(options, agentId)) {
        sendError(res, 401, ERROR_CODES.identityRequired, IDENTITY_REQUIRED_MESSAGE);
        return;
      }
      body = { ...applied.body, visitorId: visitor.id };
      delete body.conversationId;
      if (applied.body.conversationId !== undefined) {
        const conversationId = identity.openConversation(
          agentId,
          visitor.id,
          applied.body.conversationId,
        );
        if (conversationId === undefined) {
          sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('conversation'));
          return;
        }
        body.conversationId = conversationId;
      }
      rewriteIds = createAnswerIdsRewriter(identity, agentId, visitor);
      limitKey = visitor.verified ? `visitor:${visitor.id}` : `client:${clientKeyOf(req, res)}`;
      setRateLimitVisitor(res, limitKey);
      rateLimits.perVisitor(req, res, afterVisitorLimit);
    };
    rateLimits.perIp(req, res, (error?: unknown) => {
      if (error) deps.onError(error, res);
      else readJsonBody(req, options.maxBodyBytes, afterBody, options.bodyTimeoutMs);
    });
  };

  function relay(
    res: ServerResponse,
    agentId: string,
    body: QueryRequest,
    limitKey: string,
    rewriteIds: AnswerIdsRewriter,
  ): void {
    let release: (() => void) | undefined;
    if (body.streaming === true) {
      release = slots.acquire(limitKey);
      if (!release) {
        metrics.countRateLimited('streams');
        sendError(
          res,
          429,
          ERROR_CODES.rateLimited,
          `This visitor already has ${options.maxStreamsPerVisitor} answers streaming; wait for one to finish.`,
        );
        return;
      }
    }
    void forward(res, agentId, body, rewriteIds).finally(release);
  }
}

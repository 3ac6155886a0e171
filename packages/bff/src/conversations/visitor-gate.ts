/**
 * The checks a widget conversation route makes before it calls the upstream, in order:
 * the agent id is well-formed and allowed here, the per-IP limit, the JSON body against
 * its schema, the visitor id verified for this agent, the per-visitor limit, and (for a
 * conversation's routes) the conversation signed to that visitor. A failed check has
 * answered the request and yields `undefined`.
 */
import { ERROR_CODES, ID_PATTERN, idRuleMessage } from '@agent-chat/protocol';
import { parseBody } from '@agent-chat/protocol/schemas';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { readJsonBody, sendError } from '../http/index.js';
import {
  IDENTITY_REQUIRED_MESSAGE,
  isUserVisitor,
  notYoursMessage,
  type VisitorIdentity,
} from '../identity/index.js';
import { type Limiter, limiterPasses, setRateLimitVisitor } from '../limits/index.js';
import { type ResolvedBffOptions, requiresIdentity } from '../options/index.js';
import { answerBodyFailure } from '../query/index.js';

/** A checked request: the agent, its verified visitor, and the validated body. */
export interface VisitorRequest<Body> {
  agentId: string;
  visitorId: string;
  body: Body;
}

/** What {@link createVisitorGate} checks with. */
export interface VisitorGateOptions {
  options: ResolvedBffOptions;
  identity: VisitorIdentity;
  /** The limits of {@link VisitorGate.acceptConversation} (the query route's). */
  limits: { perIp: Limiter; perVisitor: Limiter };
  logger: Logger | undefined;
}

/** The checks of the widget's conversation routes (see {@link createVisitorGate}). */
export interface VisitorGate {
  /** The agent id, well-formed and allowed here, once `perIp` (if any) let the request in. */
  acceptAgent(req: Request, res: Response, perIp: Limiter | undefined): Promise<string | undefined>;
  /** {@link acceptAgent}, then the JSON body checked against `schema`. */
  acceptBody<Schema extends z.ZodType>(
    req: Request,
    res: Response,
    schema: Schema,
    perIp: Limiter | undefined,
  ): Promise<{ agentId: string; body: z.output<Schema> } | undefined>;
  /**
   * {@link acceptBody}, then its verified visitor (a signed-in user's when the agent
   * requires one: 401 `IDENTITY_REQUIRED` otherwise), and `perVisitor`.
   */
  accept<Schema extends z.ZodType>(
    req: Request,
    res: Response,
    schema: Schema,
    perVisitor: Limiter,
    perIp: Limiter | undefined,
  ): Promise<VisitorRequest<z.output<Schema>> | undefined>;
  /**
   * {@link accept} with the query route's limits, then the body's conversation id opened
   * for this visitor and agent (the service's id); 404 when it was not signed to them.
   */
  acceptConversation<Schema extends z.ZodType<{ conversationId: string }>>(
    req: Request,
    res: Response,
    schema: Schema,
  ): Promise<(VisitorRequest<z.output<Schema>> & { conversationId: string }) | undefined>;
}

/**
 * Creates the checks of the widget's conversation routes. Every failure is answered here:
 * 400 for a malformed agent id or body, 404 for an agent not allowed here, a visitor id
 * not signed for the agent or a conversation not signed to the visitor, 413 for a body
 * over `maxBodyBytes`, 429 from a limiter.
 */
export function createVisitorGate(deps: VisitorGateOptions): VisitorGate {
  const { options, identity } = deps;

  async function acceptAgent(
    req: Request,
    res: Response,
    perIp: Limiter | undefined,
  ): Promise<string | undefined> {
    const agentId = String(req.params.id);
    if (!ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return undefined;
    }
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return undefined;
    }
    if (perIp && !(await limiterPasses(perIp, req, res))) return undefined;
    return agentId;
  }

  async function acceptBody<Schema extends z.ZodType>(
    req: Request,
    res: Response,
    schema: Schema,
    perIp: Limiter | undefined,
  ): Promise<{ agentId: string; body: z.output<Schema> } | undefined> {
    const agentId = await acceptAgent(req, res, perIp);
    if (agentId === undefined) return undefined;
    const read = await new Promise<Parameters<Parameters<typeof readJsonBody>[2]>[0]>((resolve) =>
      readJsonBody(req, options.maxBodyBytes, resolve),
    );
    if (!read.ok) {
      answerBodyFailure(res, read, options.maxBodyBytes, deps.logger);
      return undefined;
    }
    const parsed = parseBody(schema, read.body);
    if (!parsed.success) {
      sendError(res, 400, ERROR_CODES.invalidRequest, parsed.message);
      return undefined;
    }
    return { agentId, body: parsed.data as z.output<Schema> };
  }

  async function accept<Schema extends z.ZodType>(
    req: Request,
    res: Response,
    schema: Schema,
    perVisitor: Limiter,
    perIp: Limiter | undefined,
  ): Promise<VisitorRequest<z.output<Schema>> | undefined> {
    const accepted = await acceptBody(req, res, schema, perIp);
    if (!accepted) return undefined;
    const { agentId } = accepted;
    const body = accepted.body as z.output<Schema> & { visitorId: string };
    const visitor = identity.visitorOf(agentId, body.visitorId);
    if (!visitor.verified) {
      sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('visitor id'));
      return undefined;
    }
    if (!isUserVisitor(visitor.id) && requiresIdentity(options, agentId)) {
      sendError(res, 401, ERROR_CODES.identityRequired, IDENTITY_REQUIRED_MESSAGE);
      return undefined;
    }
    setRateLimitVisitor(res, `visitor:${visitor.id}`);
    if (!(await limiterPasses(perVisitor, req, res))) return undefined;
    return { agentId, visitorId: visitor.id, body };
  }

  async function acceptConversation<Schema extends z.ZodType<{ conversationId: string }>>(
    req: Request,
    res: Response,
    schema: Schema,
  ): Promise<(VisitorRequest<z.output<Schema>> & { conversationId: string }) | undefined> {
    const accepted = await accept(req, res, schema, deps.limits.perVisitor, deps.limits.perIp);
    if (!accepted) return undefined;
    const { agentId, visitorId, body } = accepted;
    const conversationId = identity.openConversation(agentId, visitorId, body.conversationId);
    if (conversationId === undefined) {
      sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('conversation'));
      return undefined;
    }
    return { ...accepted, conversationId };
  }

  return { acceptAgent, acceptBody, accept, acceptConversation };
}

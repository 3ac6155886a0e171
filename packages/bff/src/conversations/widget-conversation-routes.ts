import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type ContactCaptureResponse,
  type ContactResponse,
  DEFAULT_CONTACT_CAPTURE,
  type DeleteConversationResponse,
  ERROR_CODES,
  type FeedbackResponse,
  type HandoffResponse,
  ID_PATTERN,
  idRuleMessage,
  type MessagesResponse,
  type PastConversation,
  type PastConversationsResponse,
  readContactOffer,
  type VisitorMessage,
} from '@agent-chat/protocol';
import {
  contactCaptureSchema,
  contactRequestSchema,
  deleteConversationRequestSchema,
  feedbackRequestSchema,
  handoffRequestSchema,
  messagesRequestSchema,
  parseBody,
  pastConversationsRequestSchema,
} from '@agent-chat/protocol/schemas';
import { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { readJsonBody, sendError } from '../http/index.js';
import { notYoursMessage, type VisitorIdentity } from '../identity/index.js';
import { type Limiter, setRateLimitVisitor } from '../limits/index.js';
import type { ResolvedBffOptions } from '../options/index.js';
import { answerBodyFailure } from '../query/index.js';
import type { UpstreamClient } from '../upstream/index.js';
import { callUpstreamJson, type UpstreamJsonCall } from './upstream-json-call.js';

/** What the widget's conversation routes are built from (created once by `createBff`). */
export interface WidgetConversationRoutesOptions {
  options: ResolvedBffOptions;
  upstream: UpstreamClient;
  identity: VisitorIdentity;
  /** Counts feedback and handoff requests (the query route's per-IP and per-visitor limits). */
  limits: { perIp: Limiter; perVisitor: Limiter };
  /** Counts polls for new messages, per visitor (polls are frequent while a widget is open). */
  pollLimit: Limiter;
  logger: Logger | undefined;
}

/** A checked request: the agent, its verified visitor, and the validated body. */
interface VisitorRequest<Body> {
  agentId: string;
  visitorId: string;
  body: Body;
}

const handoffDisabledMessage = 'This assistant does not offer a person to talk to.';
const contactRefusals = {
  [ERROR_CODES.contactCaptureDisabled]: 'This assistant does not take contact details.',
  [ERROR_CODES.invalidRequest]:
    "These details do not fit this assistant's contact form: a field it requires is missing, or it does not ask for one that was sent.",
};

/** How long browsers and caches may keep an agent's contact capture settings, seconds. */
const CONTACT_CAPTURE_MAX_AGE_S = 60;

const run = (limiter: Limiter, req: IncomingMessage, res: ServerResponse) =>
  new Promise<boolean>((resolve, reject) => {
    let passed = false;
    limiter(req, res, (error?: unknown) => {
      passed = true;
      if (error) reject(error);
      else resolve(true);
    });
    // A rejected request was answered (429) without `next`.
    res.once('finish', () => {
      if (!passed) resolve(false);
    });
  });

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
 *   for every visitor (cacheable for {@link CONTACT_CAPTURE_MAX_AGE_S} seconds; off when
 *   the upstream is Chaindesk's or the agent has none).
 *
 * Only a verified visitor is served, and only for a conversation or message signed to them
 * on this agent: anything else is 404 before the upstream is called. The upstream gets its
 * own ids and the visitor's id; message ids in answers are signed for the visitor.
 */
export function createWidgetConversationRoutes(deps: WidgetConversationRoutesOptions): Router {
  const { options, upstream, identity } = deps;
  const router = Router();

  /** Checks agent, limits, body and visitor; answers the error and returns undefined on failure. */
  async function accept<Schema extends z.ZodType>(
    req: Request,
    res: Response,
    schema: Schema,
    perVisitor: Limiter,
    perIp: Limiter | undefined,
  ): Promise<VisitorRequest<z.output<Schema>> | undefined> {
    const agentId = String(req.params.id);
    if (!ID_PATTERN.test(agentId)) {
      sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
      return undefined;
    }
    if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
      sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
      return undefined;
    }
    if (perIp && !(await run(perIp, req, res))) return undefined;
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
    const body = parsed.data as z.output<Schema> & { visitorId: string };
    const visitor = identity.visitorOf(agentId, body.visitorId);
    if (!visitor.verified) {
      sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('visitor id'));
      return undefined;
    }
    setRateLimitVisitor(res, `visitor:${visitor.id}`);
    if (!(await run(perVisitor, req, res))) return undefined;
    return { agentId, visitorId: visitor.id, body };
  }
  /**
   * {@link accept}, then the body's conversation id opened for this visitor and agent (the
   * service's id); 404 when it was not signed to them.
   */
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

  /** Wraps an async route: an unexpected failure is a JSON 500, never a hung request. */
  const route =
    (handler: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response) => {
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

  /**
   * Calls the upstream for a visitor within the first-byte timeout. Its JSON object on
   * success; on failure the mapped error has been sent and the answer is `undefined`.
   */
  async function upstreamAnswer(
    res: Response,
    call: Omit<UpstreamJsonCall, 'timeoutMs'>,
  ): Promise<Record<string, unknown> | undefined> {
    const result = await callUpstreamJson(upstream, res, {
      ...call,
      timeoutMs: options.firstByteTimeoutMs,
    });
    if (result.ok) return result.body;
    sendError(res, result.error.status, result.error.code, result.error.message);
    return undefined;
  }

  /** Sends a visitor's answer: never cached (it is theirs alone). */
  function sendAnswer(res: Response, answer: unknown): void {
    res.setHeader('Cache-Control', 'no-store');
    res.json(answer);
  }

  router.post(
    '/api/agents/:id/feedback',
    route(async (req, res) => {
      const accepted = await accept(
        req,
        res,
        feedbackRequestSchema,
        deps.limits.perVisitor,
        deps.limits.perIp,
      );
      if (!accepted) return;
      const { agentId, visitorId, body } = accepted;
      const messageId = identity.openMessage(agentId, visitorId, body.messageId);
      if (messageId === undefined) {
        sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('message'));
        return;
      }
      const upstreamBody = await upstreamAnswer(res, {
        method: 'POST',
        path: '/api/conversations/eval-answer',
        body: {
          messageId,
          visitorId,
          eval: body.eval,
          ...(body.comment === undefined ? {} : { comment: body.comment }),
        },
        agentId,
      });
      if (!upstreamBody) return;
      const answer: FeedbackResponse = {
        messageId: body.messageId,
        eval:
          upstreamBody.eval === 'good' || upstreamBody.eval === 'bad' ? upstreamBody.eval : null,
        comment: typeof upstreamBody.comment === 'string' ? upstreamBody.comment : null,
      };
      sendAnswer(res, answer);
    }),
  );

  router.post(
    '/api/agents/:id/handoff',
    route(async (req, res) => {
      const accepted = await acceptConversation(req, res, handoffRequestSchema);
      if (!accepted) return;
      const { agentId, visitorId, conversationId } = accepted;
      const upstreamBody = await upstreamAnswer(res, {
        method: 'POST',
        path: `/api/conversations/${encodeURIComponent(conversationId)}/handoff`,
        body: { agentId, visitorId },
        agentId,
        relayCodes: { [ERROR_CODES.handoffDisabled]: handoffDisabledMessage },
      });
      if (!upstreamBody) return;
      const offer = readContactOffer(upstreamBody.contactCapture);
      const answer: HandoffResponse = {
        status: statusOf(upstreamBody.status) ?? 'handoff',
        ...(offer ? { contactCapture: offer } : {}),
      };
      sendAnswer(res, answer);
    }),
  );

  router.post(
    '/api/agents/:id/messages',
    route(async (req, res) => {
      const accepted = await accept(req, res, messagesRequestSchema, deps.pollLimit, undefined);
      if (!accepted) return;
      const { agentId, visitorId, body } = accepted;
      const conversationId = identity.openConversation(agentId, visitorId, body.conversationId);
      const after =
        body.after === undefined ? undefined : identity.openMessage(agentId, visitorId, body.after);
      if (conversationId === undefined || (body.after !== undefined && after === undefined)) {
        sendError(
          res,
          404,
          ERROR_CODES.notFound,
          notYoursMessage(conversationId ? 'message' : 'conversation'),
        );
        return;
      }
      const query = new URLSearchParams({ agentId, visitorId });
      if (after !== undefined) query.set('after', after);
      const upstreamBody = await upstreamAnswer(res, {
        method: 'GET',
        path: `/api/conversations/${encodeURIComponent(conversationId)}/messages?${query}`,
        agentId,
      });
      if (!upstreamBody) return;
      const messages = Array.isArray(upstreamBody.messages) ? upstreamBody.messages : [];
      const answer: MessagesResponse = {
        status: statusOf(upstreamBody.status) ?? 'open',
        messages: messages.flatMap((message) => {
          const visible = visitorMessageOf(message);
          const id = visible && identity.signMessage(agentId, visitorId, visible.id);
          return visible && id ? [{ ...visible, id }] : [];
        }),
      };
      sendAnswer(res, answer);
    }),
  );

  router.post(
    '/api/agents/:id/contact',
    route(async (req, res) => {
      const accepted = await accept(
        req,
        res,
        contactRequestSchema,
        deps.limits.perVisitor,
        deps.limits.perIp,
      );
      if (!accepted) return;
      const { agentId, visitorId, body } = accepted;
      const conversationId =
        body.conversationId === undefined
          ? undefined
          : identity.openConversation(agentId, visitorId, body.conversationId);
      if (body.conversationId !== undefined && conversationId === undefined) {
        sendError(res, 404, ERROR_CODES.notFound, notYoursMessage('conversation'));
        return;
      }
      const upstreamBody = await upstreamAnswer(res, {
        method: 'POST',
        path: `/api/agents/${encodeURIComponent(agentId)}/contacts`,
        body: {
          visitorId,
          ...(conversationId === undefined ? {} : { conversationId }),
          email: body.email,
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.phone === undefined ? {} : { phone: body.phone }),
        },
        agentId,
        relayCodes: contactRefusals,
      });
      if (!upstreamBody) return;
      const answer: ContactResponse = {
        email: typeof upstreamBody.email === 'string' ? upstreamBody.email : body.email,
        name: typeof upstreamBody.name === 'string' ? upstreamBody.name : null,
        phone: typeof upstreamBody.phone === 'string' ? upstreamBody.phone : null,
      };
      sendAnswer(res, answer);
    }),
  );

  router.get(
    '/api/agents/:id/contact-capture',
    route(async (req, res) => {
      const agentId = String(req.params.id);
      if (!ID_PATTERN.test(agentId)) {
        sendError(res, 400, ERROR_CODES.invalidRequest, `${idRuleMessage('The agent id')}.`);
        return;
      }
      if (options.allowedAgents !== '*' && !options.allowedAgents.has(agentId)) {
        sendError(res, 404, ERROR_CODES.notFound, `Agent "${agentId}" is not available here.`);
        return;
      }
      if (!(await run(deps.limits.perIp, req, res))) return;
      let answer: ContactCaptureResponse = { ...DEFAULT_CONTACT_CAPTURE };
      // Chaindesk has no contact capture: asking it would only cost a request.
      if (options.upstreamDialect !== 'chaindesk') {
        const agent = await upstreamAnswer(res, {
          method: 'GET',
          path: `/api/agents/${encodeURIComponent(agentId)}`,
          agentId,
        });
        if (!agent) return;
        const settings = parseBody(contactCaptureSchema, agent.contactCapture);
        if (settings.success) answer = settings.data as ContactCaptureResponse;
      }
      res.setHeader('Cache-Control', `public, max-age=${CONTACT_CAPTURE_MAX_AGE_S}`);
      // Shared caches must keep one copy per Origin: the CORS headers depend on it.
      res.vary('Origin');
      res.json(answer);
    }),
  );

  router.post(
    '/api/agents/:id/conversations',
    route(async (req, res) => {
      const accepted = await accept(
        req,
        res,
        pastConversationsRequestSchema,
        deps.limits.perVisitor,
        deps.limits.perIp,
      );
      if (!accepted) return;
      const { agentId, visitorId, body } = accepted;
      // The upstream's id of each conversation signed to this visitor, and the signed id the widget holds.
      const signedIds = new Map<string, string>();
      for (const signed of body.conversationIds) {
        const conversationId = identity.openConversation(agentId, visitorId, signed);
        if (conversationId !== undefined && !signedIds.has(conversationId)) {
          signedIds.set(conversationId, signed);
        }
      }
      const answer: PastConversationsResponse = { conversations: [] };
      // Chaindesk keeps no conversations for visitors to list.
      if (signedIds.size > 0 && options.upstreamDialect !== 'chaindesk') {
        const upstreamBody = await upstreamAnswer(res, {
          method: 'POST',
          path: `/api/agents/${encodeURIComponent(agentId)}/visitor-conversations`,
          body: { visitorId, conversationIds: [...signedIds.keys()] },
          agentId,
        });
        if (!upstreamBody) return;
        const listed = Array.isArray(upstreamBody.conversations) ? upstreamBody.conversations : [];
        answer.conversations = listed.flatMap((item) => {
          const past = pastConversationOf(item, signedIds);
          return past ? [past] : [];
        });
      }
      sendAnswer(res, answer);
    }),
  );

  router.post(
    '/api/agents/:id/conversations/delete',
    route(async (req, res) => {
      const accepted = await acceptConversation(req, res, deleteConversationRequestSchema);
      if (!accepted) return;
      const { agentId, visitorId, conversationId } = accepted;
      const upstreamBody = await upstreamAnswer(res, {
        method: 'POST',
        path: `/api/agents/${encodeURIComponent(agentId)}/visitor-conversations/delete`,
        body: { visitorId, conversationId },
        agentId,
      });
      if (!upstreamBody) return;
      const answer: DeleteConversationResponse = { deleted: true };
      sendAnswer(res, answer);
    }),
  );

  return router;
}

/** Longest first question passed to the widget, in characters (the service cuts at a word). */
const FIRST_QUESTION_LENGTH = 200;

/**
 * An upstream conversation summary as the widget gets it, under the signed id it holds;
 * undefined when it is malformed or not one of the ids asked about.
 */
function pastConversationOf(
  value: unknown,
  signedIds: ReadonlyMap<string, string>,
): PastConversation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, firstQuestion, status, createdAt, updatedAt } = value as Record<string, unknown>;
  const conversationId = typeof id === 'string' ? signedIds.get(id) : undefined;
  const known = statusOf(status);
  if (conversationId === undefined || known === undefined) return undefined;
  return {
    conversationId,
    firstQuestion:
      typeof firstQuestion === 'string' ? firstQuestion.slice(0, FIRST_QUESTION_LENGTH) : '',
    status: known,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    updatedAt: typeof updatedAt === 'string' ? updatedAt : '',
  };
}

function statusOf(value: unknown): HandoffResponse['status'] | undefined {
  return value === 'open' || value === 'handoff' || value === 'resolved' ? value : undefined;
}

/** The fields of an upstream message a visitor may see (never answer metadata), or undefined. */
function visitorMessageOf(value: unknown): VisitorMessage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const message = value as Record<string, unknown>;
  const { id, role, text, createdAt } = message;
  if (typeof id !== 'string' || typeof text !== 'string') return undefined;
  if (role !== 'user' && role !== 'assistant' && role !== 'operator') return undefined;
  return {
    id,
    role,
    text,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    sources: Array.isArray(message.sources) ? (message.sources as VisitorMessage['sources']) : [],
    eval: message.eval === 'good' || message.eval === 'bad' ? message.eval : null,
    comment: typeof message.comment === 'string' ? message.comment : null,
  };
}

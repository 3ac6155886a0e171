/**
 * Contact capture in the widget: `POST /api/agents/:id/contact` leaves a visitor's
 * contact details, and `GET /api/agents/:id/contact-capture` reads the agent's contact
 * form settings (the same for every visitor, so cacheable).
 */
import {
  type ContactCaptureResponse,
  type ContactResponse,
  DEFAULT_CONTACT_CAPTURE,
  ERROR_CODES,
} from '@agent-chat/protocol';
import {
  contactCaptureSchema,
  contactRequestSchema,
  parseBody,
} from '@agent-chat/protocol/schemas';
import { sendError } from '../http/index.js';
import { notYoursMessage } from '../identity/index.js';
import type { RouteContext, RouteHandler } from './route-context.js';

const contactRefusals = {
  [ERROR_CODES.contactCaptureDisabled]: 'This assistant does not take contact details.',
  [ERROR_CODES.invalidRequest]:
    "These details do not fit this assistant's contact form: a field it requires is missing, or it does not ask for one that was sent.",
};

/** How long browsers and caches may keep an agent's contact capture settings, seconds. */
const CONTACT_CAPTURE_MAX_AGE_S = 60;

/**
 * Creates the contact route, `{visitorId, conversationId?, email, name?, phone?}`: the
 * stored details as the service kept them (403 `CONTACT_CAPTURE_DISABLED` when the agent
 * takes none; 400 when they do not fit its form).
 */
export function createContactRoute(context: RouteContext): RouteHandler {
  const { gate, identity, limits } = context;
  return async function contact(req, res) {
    const accepted = await gate.accept(
      req,
      res,
      contactRequestSchema,
      limits.perVisitor,
      limits.perIp,
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
    const upstreamBody = await context.upstreamAnswer(res, {
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
    context.sendAnswer(res, answer);
  };
}

/**
 * Creates the contact capture route: the agent's settings, the same for every visitor
 * (cacheable for {@link CONTACT_CAPTURE_MAX_AGE_S} seconds, one copy per Origin; off when
 * the upstream is Chaindesk's or the agent has none). Counted by the per-IP limit only.
 */
export function createContactCaptureRoute(context: RouteContext): RouteHandler {
  const { gate, options } = context;
  return async function contactCapture(req, res) {
    const agentId = await gate.acceptAgent(req, res, context.limits.perIp);
    if (agentId === undefined) return;
    let answer: ContactCaptureResponse = { ...DEFAULT_CONTACT_CAPTURE };
    // Chaindesk has no contact capture: asking it would only cost a request.
    if (options.upstreamDialect !== 'chaindesk') {
      const agent = await context.upstreamAnswer(res, {
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
  };
}

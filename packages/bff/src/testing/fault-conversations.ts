import type { ServerResponse } from 'node:http';

/** What the fault upstream's conversation routes keep: like Chaindesk, no owner checks. */
export interface FaultConversations {
  /** Votes by message id. */
  votes: Map<string, { eval: string | null; comment: string | null }>;
  /** Conversation ids asked to hand off. */
  handoffs: string[];
  /** Operator messages to return from the messages poll, by conversation id. */
  operatorMessages: Map<string, { id: string; text: string }[]>;
  /** Bodies of contact submissions (`POST /api/agents/:id/contacts`), in order. */
  contacts: Record<string, unknown>[];
  /** The `contactCapture` offer the handoff route answers with, if any. */
  handoffOffer?: unknown;
}

/** Creates the state of {@link handleFaultConversationRoute}. */
export function createFaultConversations(): FaultConversations {
  return { votes: new Map(), handoffs: [], operatorMessages: new Map(), contacts: [] };
}

/**
 * Serves the agent service's visitor conversation routes without checking who asks (as an
 * upstream that does not check would): `POST /api/conversations/eval-answer`, `POST
 * /api/conversations/:id/handoff`, `GET /api/conversations/:id/messages`, `POST
 * /api/agents/:id/contacts`. Returns false for other paths. For tests only.
 */
export function handleFaultConversationRoute(
  state: FaultConversations,
  method: string,
  url: string,
  body: string,
  res: ServerResponse,
): boolean {
  const json = (status: number, value: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
    return true;
  };
  const { pathname, searchParams } = new URL(url, 'http://upstream');
  if (method === 'POST' && pathname === '/api/conversations/eval-answer') {
    const vote = JSON.parse(body) as { messageId: string; eval: string | null; comment?: string };
    const stored = { eval: vote.eval, comment: vote.eval === null ? null : (vote.comment ?? null) };
    state.votes.set(vote.messageId, stored);
    return json(200, { messageId: vote.messageId, ...stored });
  }
  const handoff = /^\/api\/conversations\/([^/]+)\/handoff$/.exec(pathname);
  if (method === 'POST' && handoff) {
    state.handoffs.push(decodeURIComponent(handoff[1] ?? ''));
    return json(200, {
      id: handoff[1],
      visitorId: 'internal',
      status: 'handoff',
      ...(state.handoffOffer === undefined ? {} : { contactCapture: state.handoffOffer }),
    });
  }
  if (method === 'POST' && /^\/api\/agents\/[^/]+\/contacts$/.test(pathname)) {
    const contact = JSON.parse(body) as Record<string, unknown>;
    state.contacts.push(contact);
    return json(201, {
      id: 'contact-1',
      ...contact,
      name: contact.name ?? null,
      phone: contact.phone ?? null,
      consentText: null,
    });
  }
  const messages = /^\/api\/conversations\/([^/]+)\/messages$/.exec(pathname);
  if (method === 'GET' && messages) {
    const conversationId = decodeURIComponent(messages[1] ?? '');
    const all = state.operatorMessages.get(conversationId) ?? [];
    const after = searchParams.get('after');
    const start = after === null ? 0 : all.findIndex((message) => message.id === after) + 1;
    return json(200, {
      status: state.handoffs.includes(conversationId) ? 'handoff' : 'open',
      messages: all.slice(start).map((message) => ({
        ...message,
        role: 'operator',
        createdAt: '2026-11-23T12:00:00.000Z',
        sources: [],
        metadata: { answerer: 'secret-internal' },
        eval: null,
        comment: null,
      })),
    });
  }
  return false;
}

import type { Source } from '@agent-chat/protocol';
import { createId, type Queryable } from '../store/index.js';

/** One stored turn of a conversation. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** Ids a query runs under: the request's, or new ones. */
interface ConversationIds {
  conversationId: string;
  visitorId: string;
  /** Earlier turns, oldest first (empty for a new conversation). */
  history: ConversationMessage[];
}

/**
 * Resolves the conversation of a query without writing anything: a known
 * `conversationId` brings its history (and its visitor when none is given); an unknown
 * or missing one starts a new conversation, created when the answer is saved.
 */
export async function resolveConversation(
  database: Queryable,
  organizationId: string,
  request: { conversationId?: string | undefined; visitorId?: string | undefined },
  historyLimit = 20,
): Promise<ConversationIds> {
  if (request.conversationId === undefined) {
    return { conversationId: createId(), visitorId: request.visitorId ?? createId(), history: [] };
  }
  const rows = await database.query<{ visitor_id: string }>(
    'SELECT visitor_id FROM conversations WHERE organization_id = $1 AND id = $2',
    [organizationId, request.conversationId],
  );
  const existing = rows[0];
  if (!existing) {
    return {
      conversationId: request.conversationId,
      visitorId: request.visitorId ?? createId(),
      history: [],
    };
  }
  const history = await database.query<ConversationMessage>(
    `SELECT role, text FROM (
       SELECT role, text, seq FROM messages
       WHERE organization_id = $1 AND conversation_id = $2
       ORDER BY seq DESC LIMIT $3
     ) recent ORDER BY seq`,
    [organizationId, request.conversationId, historyLimit],
  );
  return {
    conversationId: request.conversationId,
    visitorId: request.visitorId ?? existing.visitor_id,
    history,
  };
}

/**
 * Stores a question and its answer (creating the conversation if needed); run it in a
 * transaction. Returns the id of the answer's message.
 */
export async function saveExchange(
  database: Queryable,
  exchange: {
    organizationId: string;
    agentId: string;
    conversationId: string;
    visitorId: string;
    query: string;
    answer: string;
    sources: readonly Source[];
  },
): Promise<string> {
  await database.query(
    `INSERT INTO conversations (organization_id, id, agent_id, visitor_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (organization_id, id) DO UPDATE SET updated_at = now()`,
    [exchange.organizationId, exchange.conversationId, exchange.agentId, exchange.visitorId],
  );
  const messageId = createId();
  await database.query(
    `INSERT INTO messages (id, organization_id, conversation_id, role, text, sources) VALUES
       ($1, $3, $4, 'user', $5, '[]'::jsonb),
       ($2, $3, $4, 'assistant', $6, $7::jsonb)`,
    [
      createId(),
      messageId,
      exchange.organizationId,
      exchange.conversationId,
      exchange.query,
      exchange.answer,
      JSON.stringify(exchange.sources),
    ],
  );
  return messageId;
}

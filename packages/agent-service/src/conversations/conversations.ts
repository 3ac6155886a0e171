import type {
  AnswerMetadata,
  ConversationChannel,
  ConversationStatus,
  Source,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { createId, type Queryable } from '../store/index.js';

/**
 * One earlier turn, as an answerer sees it: operator replies count as `assistant` turns
 * (the visitor read them as the other side's answers).
 */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** The conversation a query runs in, owned by the query's (agent, visitor). */
export interface ResolvedConversation {
  conversationId: string;
  visitorId: string;
  /** `open` for a conversation that does not exist yet. */
  status: ConversationStatus;
  /** Earlier turns, oldest first (empty for a new conversation). */
  history: ConversationMessage[];
}

/**
 * Resolves the conversation of a query without writing anything. A missing
 * `conversationId` starts a new conversation; a missing `visitorId` is a new visitor,
 * except on an existing conversation, which the caller (holding the organization's key)
 * then continues as the conversation's own visitor (Chaindesk's server integrations send
 * only `conversationId`; the BFF always sends its signed visitor). An existing
 * conversation is read only when it belongs to the same agent and to the visitor named;
 * otherwise (another visitor's, another agent's, or a deleted agent's) it throws 404
 * NOT_FOUND before any of its messages is read. An unknown id starts a conversation with
 * that id, created when the answer is saved.
 */
export async function resolveConversation(
  database: Queryable,
  owner: { organizationId: string; agentId: string },
  request: { conversationId?: string | undefined; visitorId?: string | undefined },
  historyLimit = 20,
): Promise<ResolvedConversation> {
  if (request.conversationId === undefined) {
    return {
      conversationId: createId(),
      visitorId: request.visitorId ?? createId(),
      status: 'open',
      history: [],
    };
  }
  const rows = await database.query<{
    agent_id: string | null;
    visitor_id: string;
    status: ConversationStatus;
  }>(
    'SELECT agent_id, visitor_id, status FROM conversations WHERE organization_id = $1 AND id = $2',
    [owner.organizationId, request.conversationId],
  );
  const existing = rows[0];
  if (!existing) {
    return {
      conversationId: request.conversationId,
      visitorId: request.visitorId ?? createId(),
      status: 'open',
      history: [],
    };
  }
  const visitorId = request.visitorId ?? existing.visitor_id;
  if (existing.agent_id !== owner.agentId || existing.visitor_id !== visitorId) {
    throw notFound('Conversation', request.conversationId);
  }
  const history = await database.query<ConversationMessage>(
    `SELECT CASE WHEN role = 'user' THEN 'user' ELSE 'assistant' END AS role, text FROM (
       SELECT role, text, seq FROM messages
       WHERE organization_id = $1 AND conversation_id = $2
       ORDER BY seq DESC LIMIT $3
     ) recent ORDER BY seq`,
    [owner.organizationId, request.conversationId, historyLimit],
  );
  return {
    conversationId: request.conversationId,
    visitorId,
    status: existing.status,
    history,
  };
}

/**
 * The upsert that claims a conversation for (agent, visitor): $1 organization, $2
 * conversation, $3 agent, $4 visitor, $5 status of a new one, $6 status to set (NULL:
 * keep it, a `resolved` one opens again), $7 its channel (the first one known stays). No
 * row when the id is another's.
 */
const CLAIM_CONVERSATION = `INSERT INTO conversations AS c (organization_id, id, agent_id, visitor_id, status, channel)
     VALUES ($1, $2, $3, $4, $5, $7)
     ON CONFLICT (organization_id, id) DO UPDATE SET updated_at = now(),
       status = COALESCE($6::text, CASE WHEN c.status = 'resolved' THEN 'open' ELSE c.status END),
       channel = COALESCE(c.channel, EXCLUDED.channel)
     WHERE c.agent_id = EXCLUDED.agent_id AND c.visitor_id = EXCLUDED.visitor_id
     RETURNING c.status`;

/**
 * Creates the conversation for (agent, visitor) or touches it if it is theirs; throws
 * 404 when the id was taken by another agent or visitor (e.g. by a concurrent request).
 * A `resolved` conversation the visitor writes to again is `open` once more. Returns its
 * status. Run it in a transaction with the writes that follow.
 */
export async function claimConversation(
  database: Queryable,
  conversation: {
    organizationId: string;
    agentId: string;
    conversationId: string;
    visitorId: string;
    status?: ConversationStatus;
    /** Where it happens (see `ConversationSummary.channel`); unknown when left out. */
    channel?: ConversationChannel | undefined;
  },
): Promise<ConversationStatus> {
  const rows = await database.query<{ status: ConversationStatus }>(CLAIM_CONVERSATION, [
    conversation.organizationId,
    conversation.conversationId,
    conversation.agentId,
    conversation.visitorId,
    conversation.status ?? 'open',
    conversation.status ?? null,
    conversation.channel ?? null,
  ]);
  if (!rows[0]) throw notFound('Conversation', conversation.conversationId);
  return rows[0].status;
}

/**
 * Stores a question and its answer with the answer's metadata, creating the conversation
 * if needed (as {@link claimConversation}), in one statement: nothing is written when the
 * conversation is another agent's or visitor's (404), so no transaction is needed.
 * Returns the id of the answer's message and the conversation's status.
 */
export async function saveExchange(
  database: Queryable,
  exchange: {
    organizationId: string;
    agentId: string;
    conversationId: string;
    visitorId: string;
    channel: ConversationChannel;
    query: string;
    answer: string;
    sources: readonly Source[];
    metadata: AnswerMetadata;
  },
): Promise<{ messageId: string; status: ConversationStatus }> {
  const messageId = createId();
  const rows = await database.query<{ status: ConversationStatus }>(
    `WITH claimed AS (${CLAIM_CONVERSATION}), stored AS (
       INSERT INTO messages (id, organization_id, conversation_id, role, text, sources, metadata)
       SELECT m.id, $1, $2, m.role, m.text, m.sources, m.metadata
       FROM claimed, (VALUES
         (1, $8, 'user', $9, '[]'::jsonb, NULL::jsonb),
         (2, $10, 'assistant', $11, $12::jsonb, $13::jsonb)
       ) AS m (turn, id, role, text, sources, metadata)
       ORDER BY m.turn
     )
     SELECT status FROM claimed`,
    [
      exchange.organizationId,
      exchange.conversationId,
      exchange.agentId,
      exchange.visitorId,
      'open',
      null,
      exchange.channel,
      createId(),
      exchange.query,
      messageId,
      exchange.answer,
      JSON.stringify(exchange.sources),
      JSON.stringify(exchange.metadata),
    ],
  );
  if (!rows[0]) throw notFound('Conversation', exchange.conversationId);
  return { messageId, status: rows[0].status };
}

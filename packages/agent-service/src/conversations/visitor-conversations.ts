import {
  type ConversationStatus,
  LIMITS,
  type VisitorConversation,
  type VisitorConversationsResponse,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';
import type { VisitorOwner } from './handoff.js';
import { deleteConversation } from './transcripts.js';

/** Longest first question listed, in characters (an ellipsis marks a cut). */
const FIRST_QUESTION_LENGTH = 200;

/**
 * `text` in at most {@link FIRST_QUESTION_LENGTH} characters: whitespace collapsed, and a
 * longer text cut at the last word boundary that fits, with an ellipsis (mid-word only
 * when one word is longer than the limit).
 *
 * @example
 * firstQuestionOf('How do I  add\nthe widget?'); // 'How do I add the widget?'
 */
export function firstQuestionOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= FIRST_QUESTION_LENGTH) return flat;
  const room = flat.slice(0, FIRST_QUESTION_LENGTH - 1);
  const space = room.lastIndexOf(' ');
  return `${(space > 0 ? room.slice(0, space) : room).trimEnd()}…`;
}

interface VisitorConversationRow {
  id: string;
  status: ConversationStatus;
  created_at: Date | string;
  updated_at: Date | string;
  first_question: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The visitor's own conversations with the agent among `conversationIds`, most recently
 * updated first, each with its first question ({@link firstQuestionOf}). Ids that are
 * unknown, deleted, another agent's or another visitor's are left out, with no error: the
 * caller learns nothing about them. `'all'` lists the visitor's most recent ones (at most
 * `LIMITS.pastConversations.max`): for a signed-in user, whose other devices hold other ids.
 */
export async function listVisitorConversations(
  database: Queryable,
  owner: VisitorOwner,
  conversationIds: readonly string[] | 'all',
): Promise<VisitorConversationsResponse> {
  if (conversationIds.length === 0) return { conversations: [] };
  const all = conversationIds === 'all';
  const rows = await database.query<VisitorConversationRow>(
    `SELECT c.id, c.status, c.created_at, c.updated_at,
       (SELECT left(m.text, ${FIRST_QUESTION_LENGTH * 2}) FROM messages m
        WHERE m.organization_id = c.organization_id AND m.conversation_id = c.id
          AND m.role = 'user'
        ORDER BY m.seq LIMIT 1) AS first_question
     FROM conversations c
     WHERE c.organization_id = $1 AND c.agent_id = $2 AND c.visitor_id = $3
       AND ($4::text[] IS NULL OR c.id = ANY($4::text[]))
     ORDER BY c.updated_at DESC, c.id
     LIMIT ${LIMITS.pastConversations.max}`,
    [owner.organizationId, owner.agentId, owner.visitorId, all ? null : [...conversationIds]],
  );
  return {
    conversations: rows.map(
      (row): VisitorConversation => ({
        id: row.id,
        firstQuestion: firstQuestionOf(row.first_question ?? ''),
        status: row.status,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
      }),
    ),
  };
}

/**
 * Erases one of the visitor's conversations with the agent and its messages (as an
 * operator's deletion does); 404 NOT_FOUND, exactly like an unknown id, when it is not
 * theirs. Run it in a transaction.
 */
export async function deleteVisitorConversation(
  database: Queryable,
  owner: VisitorOwner,
  conversationId: string,
): Promise<void> {
  const owned = await database.query(
    `SELECT 1 FROM conversations
     WHERE organization_id = $1 AND id = $2 AND agent_id = $3 AND visitor_id = $4
     FOR UPDATE`,
    [owner.organizationId, conversationId, owner.agentId, owner.visitorId],
  );
  if (owned.length === 0) throw notFound('Conversation', conversationId);
  await deleteConversation(database, owner.organizationId, conversationId);
}

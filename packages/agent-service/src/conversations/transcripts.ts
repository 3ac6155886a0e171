import {
  type AnswerMetadata,
  type ConversationChannel,
  type ConversationDetail,
  type ConversationFilters,
  type ConversationListQuery,
  type ConversationListResponse,
  type ConversationMessage,
  type ConversationStatus,
  type ConversationSummary,
  LIMITS,
  type MessageEval,
  type MessageRole,
  type Source,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';
import { decodeCursor, encodeCursor } from './conversation-cursor.js';
import {
  attributeCondition,
  attributePattern,
  JOIN_USER,
  USER_COLUMNS,
  type UserColumns,
  userCondition,
  userOf,
  userPattern,
} from './conversation-user.js';

/** Characters of the latest message shown in a summary. */
const PREVIEW_LENGTH = 200;

interface SummaryRow extends UserColumns {
  id: string;
  channel: ConversationChannel | null;
  agent_id: string | null;
  visitor_id: string;
  status: ConversationStatus;
  created_at: Date | string;
  updated_at: Date | string;
  cursor_time: string;
  message_count: number;
  good: number;
  bad: number;
  last_role: MessageRole | null;
  last_text: string | null;
  last_created_at: Date | string | null;
}

/** A `messages` row as {@link MESSAGE_COLUMNS} selects it. */
export interface MessageRow {
  id: string;
  role: MessageRole;
  text: string;
  created_at: Date | string;
  sources: Source[] | string;
  metadata: AnswerMetadata | string | null;
  eval: MessageEval | null;
  comment: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const json = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const messagesOf = `m.organization_id = c.organization_id AND m.conversation_id = c.id`;

/** Selects summary rows of conversations `c` (add WHERE / ORDER BY / LIMIT). */
const selectSummaries = `SELECT c.id, c.agent_id, c.visitor_id, c.status, c.created_at, c.updated_at,
    c.updated_at::text AS cursor_time, c.channel, ${USER_COLUMNS},
    counts.message_count, counts.good, counts.bad,
    last.role AS last_role, last.text AS last_text, last.created_at AS last_created_at
  FROM conversations c
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS message_count,
      (count(*) FILTER (WHERE m.eval = 'good'))::int AS good,
      (count(*) FILTER (WHERE m.eval = 'bad'))::int AS bad
    FROM messages m WHERE ${messagesOf}
  ) counts
  LEFT JOIN LATERAL (
    SELECT m.role, left(m.text, ${PREVIEW_LENGTH}) AS text, m.created_at FROM messages m
    WHERE ${messagesOf} ORDER BY m.seq DESC LIMIT 1
  ) last ON true
  ${JOIN_USER}`;

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    agentId: row.agent_id,
    visitorId: row.visitor_id,
    status: row.status,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    messageCount: row.message_count,
    feedback: { good: row.good, bad: row.bad },
    lastMessage:
      row.last_role === null || row.last_text === null || row.last_created_at === null
        ? null
        : { role: row.last_role, text: row.last_text, createdAt: iso(row.last_created_at) },
    channel: row.channel,
    user: userOf(row),
  };
}

/** Converts a stored message row to the transcript's message shape. */
export function toConversationMessage(row: MessageRow): ConversationMessage {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    createdAt: iso(row.created_at),
    sources: json(row.sources),
    metadata: row.metadata === null ? null : json(row.metadata),
    eval: row.eval,
    comment: row.comment,
  };
}

/** The columns {@link toConversationMessage} reads, from messages `m`. */
export const MESSAGE_COLUMNS =
  'm.id, m.role, m.text, m.created_at, m.sources, m.metadata, m.eval, m.comment';

/**
 * SQL conditions on conversations `c` for the list and export filters (the channel, and a
 * signed-in user's id, name, email or attribute among them); pushes their
 * parameters after `params` (whose `$1` is the organization id).
 */
export function filterConditions(filters: ConversationFilters, params: unknown[]): string[] {
  const conditions = ['c.organization_id = $1'];
  const add = (value: unknown, condition: (placeholder: string) => string) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filters.agentId !== undefined) add(filters.agentId, (p) => `c.agent_id = ${p}`);
  if (filters.status !== undefined) add(filters.status, (p) => `c.status = ${p}`);
  if (filters.from !== undefined) add(filters.from, (p) => `c.updated_at >= ${p}::timestamptz`);
  if (filters.to !== undefined) add(filters.to, (p) => `c.updated_at < ${p}::timestamptz`);
  if (filters.feedback !== undefined) {
    add(
      filters.feedback,
      (p) => `EXISTS (SELECT 1 FROM messages m WHERE ${messagesOf} AND m.eval = ${p})`,
    );
  }
  if (filters.channel !== undefined) add(filters.channel, (p) => `c.channel = ${p}`);
  if (filters.user !== undefined && filters.user.trim() !== '') {
    add(userPattern(filters.user), userCondition);
  }
  if (filters.attribute !== undefined) add(attributePattern(filters.attribute), attributeCondition);
  const search = filters.q?.trim();
  if (search) {
    add(
      search,
      (p) => `c.id IN (SELECT m.conversation_id FROM messages m
        WHERE m.organization_id = $1 AND m.tsv @@ websearch_to_tsquery('english', ${p}))`,
    );
  }
  return conditions;
}

/**
 * One page of the organization's conversations, most recently active first (keyset
 * pagination on `(updated_at, id)`, served by the `conversations_recent` indexes), with
 * the list filters applied; `q` is Postgres full-text search over the messages.
 */
export async function listConversations(
  database: Queryable,
  organizationId: string,
  query: ConversationListQuery,
): Promise<ConversationListResponse> {
  const limit = query.limit ?? LIMITS.conversationPage.default;
  const params: unknown[] = [organizationId];
  const conditions = filterConditions(query, params);
  if (query.cursor !== undefined) {
    const cursor = decodeCursor(query.cursor);
    params.push(cursor.updatedAt, cursor.id);
    conditions.push(
      `(c.updated_at, c.id) < ($${params.length - 1}::timestamptz, $${params.length})`,
    );
  }
  params.push(limit + 1);
  const rows = await database.query<SummaryRow>(
    `${selectSummaries} WHERE ${conditions.join(' AND ')}
     ORDER BY c.updated_at DESC, c.id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    conversations: page.map(toSummary),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({ updatedAt: last.cursor_time, id: last.id })
        : null,
  };
}

/** The summary of one of the organization's conversations; 404 NOT_FOUND otherwise. */
export async function getConversationSummary(
  database: Queryable,
  organizationId: string,
  conversationId: string,
): Promise<ConversationSummary> {
  const rows = await database.query<SummaryRow>(
    `${selectSummaries} WHERE c.organization_id = $1 AND c.id = $2`,
    [organizationId, conversationId],
  );
  if (!rows[0]) throw notFound('Conversation', conversationId);
  return toSummary(rows[0]);
}

/** The last `limit` messages of a conversation (role, text, time), oldest first. */
export async function recentMessages(
  database: Queryable,
  organizationId: string,
  conversationId: string,
  limit: number,
): Promise<Pick<ConversationMessage, 'role' | 'text' | 'createdAt'>[]> {
  const rows = await database.query<{ role: MessageRole; text: string; created_at: Date | string }>(
    `SELECT role, text, created_at FROM (
       SELECT role, text, created_at, seq FROM messages
       WHERE organization_id = $1 AND conversation_id = $2 ORDER BY seq DESC LIMIT $3
     ) m ORDER BY seq`,
    [organizationId, conversationId, limit],
  );
  return rows.map((row) => ({
    role: row.role,
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** Messages of several conversations, oldest first, grouped by conversation id. */
export async function messagesByConversation(
  database: Queryable,
  organizationId: string,
  conversationIds: readonly string[],
): Promise<Map<string, ConversationMessage[]>> {
  const rows = await database.query<MessageRow & { conversation_id: string }>(
    `SELECT m.conversation_id, ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.organization_id = $1 AND m.conversation_id = ANY($2::text[]) ORDER BY m.seq`,
    [organizationId, [...conversationIds]],
  );
  const grouped = new Map<string, ConversationMessage[]>(conversationIds.map((id) => [id, []]));
  for (const row of rows) grouped.get(row.conversation_id)?.push(toConversationMessage(row));
  return grouped;
}

/** One conversation with every message, oldest first; 404 NOT_FOUND otherwise. */
export async function getConversation(
  database: Queryable,
  organizationId: string,
  conversationId: string,
): Promise<ConversationDetail> {
  const summary = await getConversationSummary(database, organizationId, conversationId);
  const messages = await messagesByConversation(database, organizationId, [conversationId]);
  return { ...summary, messages: messages.get(conversationId) ?? [] };
}

/**
 * Erases a conversation and its messages (a contact sent from it keeps no link to it);
 * returns its summary as it was. Run it in a transaction.
 */
export async function deleteConversation(
  database: Queryable,
  organizationId: string,
  conversationId: string,
): Promise<ConversationSummary> {
  const summary = await getConversationSummary(database, organizationId, conversationId);
  await database.query('DELETE FROM conversations WHERE organization_id = $1 AND id = $2', [
    organizationId,
    conversationId,
  ]);
  await database.query(
    'UPDATE contacts SET conversation_id = NULL WHERE organization_id = $1 AND conversation_id = $2',
    [organizationId, conversationId],
  );
  return summary;
}

import type {
  ConversationChannel,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
  VisitorMessagesResponse,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import { createId, type Queryable } from '../store/index.js';
import { claimConversation } from './conversations.js';
import {
  getConversationSummary,
  MESSAGE_COLUMNS,
  type MessageRow,
  toConversationMessage,
} from './transcripts.js';

/** The visitor a conversation belongs to, for one agent. */
export interface VisitorOwner {
  organizationId: string;
  agentId: string;
  visitorId: string;
}

/**
 * A visitor asks for a person: the conversation (created for them if the id is new, in
 * `channel`) enters `handoff`, where the AI stays silent. Another visitor's or agent's
 * conversation is 404 NOT_FOUND. Returns the summary and whether the status changed
 * (a repeated request does not start a second handoff). Run it in a transaction.
 */
export async function startHandoff(
  database: Queryable,
  owner: VisitorOwner,
  conversationId: string,
  channel?: ConversationChannel,
): Promise<{ summary: ConversationSummary; started: boolean }> {
  const before = await database.query<{ status: ConversationStatus }>(
    'SELECT status FROM conversations WHERE organization_id = $1 AND id = $2 FOR UPDATE',
    [owner.organizationId, conversationId],
  );
  await claimConversation(database, { ...owner, conversationId, status: 'handoff', channel });
  return {
    summary: await getConversationSummary(database, owner.organizationId, conversationId),
    started: before[0]?.status !== 'handoff',
  };
}

/**
 * Stores an operator's reply (role `operator`); an `open` conversation enters `handoff`
 * (a person has taken over). Returns the stored message. Run it in a transaction.
 */
export async function addOperatorMessage(
  database: Queryable,
  organizationId: string,
  conversationId: string,
  text: string,
): Promise<ConversationMessage> {
  const updated = await database.query(
    `UPDATE conversations SET updated_at = now(),
       status = CASE WHEN status = 'open' THEN 'handoff' ELSE status END
     WHERE organization_id = $1 AND id = $2 RETURNING id`,
    [organizationId, conversationId],
  );
  if (updated.length === 0) throw notFound('Conversation', conversationId);
  const rows = await database.query<MessageRow>(
    `INSERT INTO messages AS m (id, organization_id, conversation_id, role, text)
     VALUES ($1, $2, $3, 'operator', $4) RETURNING ${MESSAGE_COLUMNS}`,
    [createId(), organizationId, conversationId, text],
  );
  return toConversationMessage(rows[0] as MessageRow);
}

/**
 * Sets a conversation's status (`open` hands it back to the AI). Returns the summary
 * and the status it had. 404 NOT_FOUND for another organization's or an unknown id.
 * Run it in a transaction.
 */
export async function updateConversationStatus(
  database: Queryable,
  organizationId: string,
  conversationId: string,
  status: ConversationStatus,
): Promise<{ summary: ConversationSummary; previous: ConversationStatus }> {
  const rows = await database.query<{ status: ConversationStatus }>(
    'SELECT status FROM conversations WHERE organization_id = $1 AND id = $2 FOR UPDATE',
    [organizationId, conversationId],
  );
  if (!rows[0]) throw notFound('Conversation', conversationId);
  await database.query(
    'UPDATE conversations SET status = $3, updated_at = now() WHERE organization_id = $1 AND id = $2',
    [organizationId, conversationId, status],
  );
  return {
    summary: await getConversationSummary(database, organizationId, conversationId),
    previous: rows[0].status,
  };
}

/**
 * A visitor's poll: the conversation's status and its messages after `after` (all of
 * them without it), without answer metadata. Only the owning visitor of that agent gets
 * them; anything else, and an `after` that is not a message of this conversation, is
 * 404 NOT_FOUND.
 */
export async function visitorMessages(
  database: Queryable,
  owner: VisitorOwner,
  conversationId: string,
  after?: string,
): Promise<VisitorMessagesResponse> {
  const conversations = await database.query<{ status: ConversationStatus }>(
    `SELECT status FROM conversations
     WHERE organization_id = $1 AND id = $2 AND agent_id = $3 AND visitor_id = $4`,
    [owner.organizationId, conversationId, owner.agentId, owner.visitorId],
  );
  const conversation = conversations[0];
  if (!conversation) throw notFound('Conversation', conversationId);
  let afterSeq = 0;
  if (after !== undefined) {
    const anchors = await database.query<{ seq: string | number }>(
      'SELECT seq FROM messages WHERE organization_id = $1 AND conversation_id = $2 AND id = $3',
      [owner.organizationId, conversationId, after],
    );
    if (!anchors[0]) throw notFound('Message', after);
    afterSeq = Number(anchors[0].seq);
  }
  const rows = await database.query<MessageRow>(
    `SELECT ${MESSAGE_COLUMNS} FROM messages m
     WHERE m.organization_id = $1 AND m.conversation_id = $2 AND m.seq > $3 ORDER BY m.seq`,
    [owner.organizationId, conversationId, afterSeq],
  );
  return {
    status: conversation.status,
    messages: rows.map((row) => {
      const { metadata: _metadata, ...message } = toConversationMessage(row);
      return message;
    }),
  };
}

import type {
  ConversationChannel,
  EvalAnswerBody,
  EvalAnswerResponse,
  MessageEval,
  WebhookEventData,
} from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';
import { JOIN_USER, USER_COLUMNS, type UserColumns, userOf } from './conversation-user.js';

/** A recorded vote: the answer as the visitor sees it, and the vote it replaced. */
export interface RecordedVote {
  response: EvalAnswerResponse;
  /** The vote before this one (`null`: none). */
  previous: MessageEval | null;
  conversationId: string;
}

/**
 * Records a visitor's vote on an answer (Chaindesk's `eval-answer`): `good` or `bad` with
 * an optional comment, or `null` to clear both. Each call replaces the previous vote.
 * Only the visitor whose conversation holds the answer may vote: any other message id
 * (unknown, another organization's, another visitor's, a non-answer) is 404 NOT_FOUND.
 * Run it in a transaction (the previous vote is read under a lock).
 */
export async function evalAnswer(
  database: Queryable,
  organizationId: string,
  body: EvalAnswerBody,
): Promise<RecordedVote> {
  const comment = body.eval === null ? null : body.comment?.trim() || null;
  const rows = await database.query<{
    id: string;
    eval: MessageEval | null;
    comment: string | null;
    previous: MessageEval | null;
    conversation_id: string;
  }>(
    `WITH old AS (
       SELECT m.id, m.eval FROM messages m
       JOIN conversations c ON c.organization_id = m.organization_id AND c.id = m.conversation_id
       WHERE m.organization_id = $1 AND m.id = $2 AND m.role = 'assistant' AND c.visitor_id = $3
       FOR UPDATE OF m
     )
     UPDATE messages m SET eval = $4, comment = $5
     FROM old WHERE m.organization_id = $1 AND m.id = old.id
     RETURNING m.id, m.eval, m.comment, old.eval AS previous, m.conversation_id`,
    [organizationId, body.messageId, body.visitorId, body.eval, comment],
  );
  const row = rows[0];
  if (!row) throw notFound('Message', body.messageId);
  return {
    response: { messageId: row.id, eval: row.eval, comment: row.comment },
    previous: row.previous,
    conversationId: row.conversation_id,
  };
}

/**
 * An answer with the question it answered (the visitor's message just before it, if any)
 * and its conversation's owner (its channel, the signed-in user): what the `feedback.negative`
 * event carries.
 */
export type VotedAnswer = WebhookEventData['feedback.negative'];

/** The answer `messageId` with its question and owner (for the `feedback.negative` event). */
export async function votedAnswer(
  database: Queryable,
  organizationId: string,
  messageId: string,
): Promise<VotedAnswer> {
  const rows = await database.query<
    UserColumns & {
      conversation_id: string;
      agent_id: string | null;
      visitor_id: string;
      channel: ConversationChannel | null;
      text: string;
      comment: string | null;
      question: string | null;
    }
  >(
    `SELECT m.conversation_id, c.agent_id, c.visitor_id, c.channel, ${USER_COLUMNS},
       m.text, m.comment,
       (SELECT q.text FROM messages q
        WHERE q.organization_id = m.organization_id AND q.conversation_id = m.conversation_id
          AND q.seq < m.seq AND q.role = 'user'
        ORDER BY q.seq DESC LIMIT 1) AS question
     FROM messages m
     JOIN conversations c ON c.organization_id = m.organization_id AND c.id = m.conversation_id
     ${JOIN_USER}
     WHERE m.organization_id = $1 AND m.id = $2`,
    [organizationId, messageId],
  );
  const row = rows[0];
  if (!row) throw notFound('Message', messageId);
  return {
    conversationId: row.conversation_id,
    agentId: row.agent_id,
    visitorId: row.visitor_id,
    messageId,
    answer: row.text,
    question: row.question,
    comment: row.comment,
    channel: row.channel,
    user: userOf(row),
  };
}

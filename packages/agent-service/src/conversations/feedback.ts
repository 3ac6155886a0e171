import type { EvalAnswerBody, EvalAnswerResponse, MessageEval } from '@agent-chat/protocol';
import { notFound } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';

/**
 * Records a visitor's vote on an answer (Chaindesk's `eval-answer`): `good` or `bad` with
 * an optional comment, or `null` to clear both. Each call replaces the previous vote.
 * Only the visitor whose conversation holds the answer may vote: any other message id
 * (unknown, another organization's, another visitor's, a non-answer) is 404 NOT_FOUND.
 */
export async function evalAnswer(
  database: Queryable,
  organizationId: string,
  body: EvalAnswerBody,
): Promise<EvalAnswerResponse> {
  const comment = body.eval === null ? null : body.comment?.trim() || null;
  const rows = await database.query<{
    id: string;
    eval: MessageEval | null;
    comment: string | null;
  }>(
    `UPDATE messages m SET eval = $4, comment = $5
     FROM conversations c
     WHERE m.organization_id = $1 AND m.id = $2 AND m.role = 'assistant'
       AND c.organization_id = m.organization_id AND c.id = m.conversation_id
       AND c.visitor_id = $3
     RETURNING m.id, m.eval, m.comment`,
    [organizationId, body.messageId, body.visitorId, body.eval, comment],
  );
  const row = rows[0];
  if (!row) throw notFound('Message', body.messageId);
  return { messageId: row.id, eval: row.eval, comment: row.comment };
}

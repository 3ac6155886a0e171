import type { AnswerMetadata } from '@agent-chat/protocol';
import { createId, type Queryable } from '../store/index.js';

/**
 * The visitor id of the questions and feedback that AI tools send through the agent's
 * MCP server: their conversations are told apart from people's by it.
 */
export const AI_TOOL_VISITOR = 'ai-tool';

/**
 * The `answerer` in the metadata of both messages of a feedback an AI tool sent: insights
 * list it as a content gap (`ai-tool`) and count it neither as a visitor's question nor as
 * an answer.
 */
export const AI_TOOL_ANSWERER = 'ai-tool';

/** What an AI tool reports as missing or wrong (MCP's `send_feedback`). */
export interface ToolFeedback {
  organizationId: string;
  agentId: string;
  /** The page concerned, if any. */
  url?: string | undefined;
  /** The question the documentation did not answer, if any. */
  question?: string | undefined;
  comment: string;
}

/**
 * Stores an AI tool's feedback as a conversation of {@link AI_TOOL_VISITOR}: the question
 * (or the page) as the user's message, then a message naming the page with the comment
 * attached, both marked {@link AI_TOOL_ANSWERER}. That is where the console's content
 * gaps come from, so owners see it next to what visitors voted down. Returns the
 * conversation's id.
 */
export async function saveToolFeedback(
  database: Queryable,
  feedback: ToolFeedback,
): Promise<{ conversationId: string; messageId: string }> {
  const conversationId = createId();
  const messageId = createId();
  const metadata: AnswerMetadata = {
    answerer: AI_TOOL_ANSWERER,
    latencyMs: 0,
    topScores: [],
    found: false,
  };
  const about = feedback.url === undefined ? '' : ` about ${feedback.url}`;
  await database.query(
    `WITH claimed AS (
       INSERT INTO conversations (organization_id, id, agent_id, visitor_id, status)
       VALUES ($1, $2, $3, $4, 'open') RETURNING id
     )
     INSERT INTO messages (id, organization_id, conversation_id, role, text, metadata, comment)
     SELECT m.id, $1, claimed.id, m.role, m.text, $9::jsonb, m.comment
     FROM claimed, (VALUES
       (1, $5, 'user', $6, NULL),
       (2, $7, 'assistant', $8, $10)
     ) AS m (turn, id, role, text, comment)
     ORDER BY m.turn`,
    [
      feedback.organizationId,
      conversationId,
      feedback.agentId,
      AI_TOOL_VISITOR,
      createId(),
      feedback.question ??
        (feedback.url === undefined ? 'Feedback' : `Feedback on ${feedback.url}`),
      messageId,
      `Reported by an AI tool${about}.`,
      JSON.stringify(metadata),
      feedback.comment,
    ],
  );
  return { conversationId, messageId };
}

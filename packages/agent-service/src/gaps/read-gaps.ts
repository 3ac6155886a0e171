/**
 * Reading an agent's content gaps from its messages: what counts as a gap (declined,
 * nothing retrieved, voted down, reported by an AI tool), the range a query covers with
 * the previous period of the same length, the gaps themselves, and a cheap fingerprint of
 * them that says when a grouping is stale.
 */
import {
  GAP_TOPIC_LIMITS,
  type GapReason,
  type GapTopicsQuery,
  INSIGHTS_LIMITS,
} from '@agent-chat/protocol';
import { DECLINE_SENTENCES } from '../answering/index.js';
import { AI_TOOL_ANSWERER } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';

const DAY_MS = 86_400_000;

/** Retrieval found nothing (the handoff acknowledgement, which retrieves nothing on purpose, aside). */
const nothingRetrieved = `(a.metadata ->> 'found') = 'false'
  AND coalesce(a.metadata ->> 'answerer', '') NOT IN ('handoff', '${AI_TOOL_ANSWERER}')`;
const fromAiTool = `coalesce(a.metadata ->> 'answerer', '') = '${AI_TOOL_ANSWERER}'`;
/** An answer that starts with a decline sentence ($5: their LIKE patterns). */
const declined = 'a.text LIKE ANY ($5::text[])';

/** A content gap as read from the messages. */
interface GapRow {
  id: string;
  conversation_id: string;
  question: string | null;
  comment: string | null;
  voted_down: boolean;
  nothing_retrieved: boolean;
  from_ai_tool: boolean;
  declined: boolean;
  created_at: Date | string;
}

/** One gap, ready to group. */
export interface Gap {
  messageId: string;
  conversationId: string;
  question: string;
  at: string;
  reason: GapReason;
  current: boolean;
}

function likePattern(sentence: string): string {
  return `${sentence.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const DECLINE_PATTERNS = DECLINE_SENTENCES.map(likePattern);

/** The most telling reason, when several hold: what the owner reads first. */
function reasonOf(row: GapRow): GapReason {
  if (row.from_ai_tool) return 'ai-tool';
  if (row.voted_down) return 'thumbs-down';
  if (row.nothing_retrieved) return 'nothing-retrieved';
  return 'declined';
}

/**
 * What a gap asks: the visitor's question; for an AI tool's report without one (stored as
 * "Feedback" or "Feedback on <url>", see `saveToolFeedback`), its comment.
 */
function questionOf(row: GapRow): string {
  const question = row.question ?? '';
  if (row.from_ai_tool && /^Feedback( on \S+)?$/.test(question) && row.comment) {
    return row.comment.slice(0, GAP_TOPIC_LIMITS.questionLength);
  }
  return question;
}

/** A range of gaps: [`from`, `to`), and the previous period of the same length from `previousFrom`. */
export interface GapRange {
  from: string;
  to: string;
  previousFrom: string;
}

/** The range of a query and the previous period of the same length. */
export function gapRange(query: Pick<GapTopicsQuery, 'from' | 'to'>, now: number): GapRange {
  const to = query.to ?? new Date(now).toISOString();
  const from =
    query.from ?? new Date(Date.parse(to) - INSIGHTS_LIMITS.defaultDays * DAY_MS).toISOString();
  const previousFrom = new Date(2 * Date.parse(from) - Date.parse(to)).toISOString();
  return { from, to, previousFrom };
}

/** The content gaps of an agent in [`previousFrom`, `to`), newest first. */
export async function readGaps(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: GapRange,
): Promise<Gap[]> {
  const rows = await database.query<GapRow>(
    `SELECT a.id, a.conversation_id, q.text AS question, a.comment, a.created_at,
       coalesce(a.eval = 'bad', false) AS voted_down,
       coalesce(${nothingRetrieved}, false) AS nothing_retrieved,
       ${fromAiTool} AS from_ai_tool,
       coalesce(${declined}, false) AS declined
     FROM messages a
     JOIN conversations c ON c.organization_id = a.organization_id
       AND c.id = a.conversation_id AND c.agent_id = $4
     LEFT JOIN LATERAL (
       SELECT left(u.text, ${GAP_TOPIC_LIMITS.questionLength}) AS text FROM messages u
       WHERE u.organization_id = a.organization_id AND u.conversation_id = a.conversation_id
         AND u.seq < a.seq AND u.role = 'user'
       ORDER BY u.seq DESC LIMIT 1
     ) q ON true
     WHERE a.organization_id = $1 AND a.created_at >= $2::timestamptz
       AND a.created_at < $3::timestamptz AND a.role = 'assistant'
       AND (a.eval = 'bad' OR (${nothingRetrieved}) OR ${fromAiTool} OR ${declined})
     ORDER BY a.created_at DESC, a.seq DESC LIMIT ${GAP_TOPIC_LIMITS.gaps}`,
    [organizationId, range.previousFrom, range.to, agentId, DECLINE_PATTERNS],
  );
  const from = Date.parse(range.from);
  return rows
    .map((row) => {
      const at = new Date(row.created_at).toISOString();
      return {
        messageId: row.id,
        conversationId: row.conversation_id,
        question: questionOf(row),
        at,
        reason: reasonOf(row),
        current: Date.parse(at) >= from,
      };
    })
    .filter((gap) => gap.question.trim() !== '');
}

/**
 * What a grouping depends on, read cheaply: how many gaps the range holds (and the part in
 * the range proper, and voted down), the newest and oldest, and the agent's marks. New
 * gaps, a vote, a gap ageing out, an answer, a hide or an un-hide each change it.
 */
export async function fingerprintOf(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: GapRange,
): Promise<string> {
  const [row] = await database.query<Record<string, unknown>>(
    `SELECT count(*)::int AS gaps,
       count(*) FILTER (WHERE a.created_at >= $6::timestamptz)::int AS current,
       count(*) FILTER (WHERE a.eval = 'bad')::int AS bad,
       max(a.created_at) AS newest, min(a.created_at) AS oldest,
       (SELECT count(*) || '/' || coalesce(max(m.created_at)::text, '') FROM gap_marks m
        WHERE m.organization_id = $1 AND m.agent_id = $4) AS marks
     FROM messages a
     JOIN conversations c ON c.organization_id = a.organization_id
       AND c.id = a.conversation_id AND c.agent_id = $4
     WHERE a.organization_id = $1 AND a.created_at >= $2::timestamptz
       AND a.created_at < $3::timestamptz AND a.role = 'assistant'
       AND (a.eval = 'bad' OR (${nothingRetrieved}) OR ${fromAiTool} OR ${declined})`,
    [organizationId, range.previousFrom, range.to, agentId, DECLINE_PATTERNS, range.from],
  );
  return JSON.stringify(row ?? {});
}

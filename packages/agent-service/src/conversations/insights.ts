import {
  type ContentGap,
  type ContentGapReason,
  INSIGHTS_LIMITS,
  type InsightsQuery,
  type InsightsResponse,
} from '@agent-chat/protocol';
import type { Queryable } from '../store/index.js';
import { AI_TOOL_ANSWERER } from './tool-feedback.js';

const DAY_MS = 86_400_000;
/** Characters of a question or answer shown with a content gap. */
const GAP_TEXT_LENGTH = 500;

/**
 * An answer is a content gap when the visitor voted it down, or when retrieval found
 * nothing for it (the handoff acknowledgement, which retrieves nothing on purpose, is not).
 */
const nothingRetrieved = `(a.metadata ->> 'found') = 'false'
  AND coalesce(a.metadata ->> 'answerer', '') NOT IN ('handoff', '${AI_TOOL_ANSWERER}')`;
/** A report an AI tool sent (`saveToolFeedback`): a content gap, not a visitor's question or answer. */
const fromAiTool = `coalesce(a.metadata ->> 'answerer', '') = '${AI_TOOL_ANSWERER}'`;
const isGap = `(a.eval = 'bad' OR (${nothingRetrieved}) OR ${fromAiTool})`;

interface TotalsRow {
  queries: number;
  answers: number;
  good: number;
  bad: number;
  nothing_retrieved: number;
  gaps: number;
}

interface GapRow {
  id: string;
  conversation_id: string;
  answer: string;
  question: string | null;
  eval: string | null;
  comment: string | null;
  nothing_retrieved: boolean;
  from_ai_tool: boolean;
  created_at: Date | string;
}

/** The range of a query: `to` defaults to now, `from` to 30 days before `to`. */
function rangeOf(query: InsightsQuery, now: number): { from: string; to: string } {
  const to = query.to ?? new Date(now).toISOString();
  const from =
    query.from ?? new Date(Date.parse(to) - INSIGHTS_LIMITS.defaultDays * DAY_MS).toISOString();
  return { from, to };
}

/** Every UTC day from `from`'s to the one before `to` (or `to`'s own, if it is not midnight). */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(to);
  for (let day = Date.parse(from.slice(0, 10)); day < end; day += DAY_MS) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The organization's insights over a time range (one agent's, or all): visitors'
 * questions per UTC day, answers, thumbs up and down, answers with nothing retrieved, and
 * the content gaps (answers voted down or with nothing retrieved, and what AI tools
 * reported through MCP, with the question before each), newest first; AI tools' reports
 * count neither as questions nor as answers. Three aggregate queries over the messages of the range,
 * which the `messages_organization_time` index finds (migration 9).
 */
export async function getInsights(
  database: Queryable,
  organizationId: string,
  query: InsightsQuery,
  now = Date.now(),
): Promise<InsightsResponse> {
  const { from, to } = rangeOf(query, now);
  const params: unknown[] = [organizationId, from, to];
  let messages = 'FROM messages a';
  if (query.agentId !== undefined) {
    params.push(query.agentId);
    messages += ` JOIN conversations c ON c.organization_id = a.organization_id
      AND c.id = a.conversation_id AND c.agent_id = $4`;
  }
  const inRange = `WHERE a.organization_id = $1 AND a.created_at >= $2::timestamptz
    AND a.created_at < $3::timestamptz`;
  const scope = `${messages} ${inRange}`;
  const perDay = await database.query<{ day: string; queries: number }>(
    `SELECT to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS queries
     ${scope} AND a.role = 'user' AND NOT ${fromAiTool} GROUP BY 1`,
    params,
  );
  const [totals] = await database.query<TotalsRow>(
    `SELECT (count(*) FILTER (WHERE a.role = 'user' AND NOT ${fromAiTool}))::int AS queries,
       (count(*) FILTER (WHERE a.role = 'assistant' AND NOT ${fromAiTool}))::int AS answers,
       (count(*) FILTER (WHERE a.role = 'assistant' AND a.eval = 'good'))::int AS good,
       (count(*) FILTER (WHERE a.role = 'assistant' AND a.eval = 'bad'))::int AS bad,
       (count(*) FILTER (WHERE a.role = 'assistant' AND ${nothingRetrieved}))::int AS nothing_retrieved,
       (count(*) FILTER (WHERE a.role = 'assistant' AND ${isGap}))::int AS gaps
     ${scope}`,
    params,
  );
  const gaps = await database.query<GapRow>(
    `SELECT a.id, a.conversation_id, left(a.text, ${GAP_TEXT_LENGTH}) AS answer, q.text AS question,
       a.eval, a.comment, coalesce(${nothingRetrieved}, false) AS nothing_retrieved,
       ${fromAiTool} AS from_ai_tool, a.created_at
     ${messages}
     LEFT JOIN LATERAL (
       SELECT left(u.text, ${GAP_TEXT_LENGTH}) AS text FROM messages u
       WHERE u.organization_id = a.organization_id AND u.conversation_id = a.conversation_id
         AND u.seq < a.seq AND u.role = 'user'
       ORDER BY u.seq DESC LIMIT 1
     ) q ON true
     ${inRange} AND a.role = 'assistant' AND ${isGap}
     ORDER BY a.created_at DESC, a.seq DESC LIMIT ${INSIGHTS_LIMITS.gaps}`,
    params,
  );
  const counted = new Map(perDay.map((row) => [row.day, row.queries]));
  return {
    from,
    to,
    days: daysOf(from, to).map((date) => ({ date, queries: counted.get(date) ?? 0 })),
    queries: totals?.queries ?? 0,
    answers: totals?.answers ?? 0,
    feedback: { good: totals?.good ?? 0, bad: totals?.bad ?? 0 },
    nothingRetrieved: totals?.nothing_retrieved ?? 0,
    gapCount: totals?.gaps ?? 0,
    gaps: gaps.map(toGap),
  };
}

function toGap(row: GapRow): ContentGap {
  const reasons: ContentGapReason[] = [];
  if (row.nothing_retrieved) reasons.push('nothing-retrieved');
  if (row.eval === 'bad') reasons.push('thumbs-down');
  if (row.from_ai_tool) reasons.push('ai-tool');
  return {
    conversationId: row.conversation_id,
    messageId: row.id,
    question: row.question ?? '',
    answer: row.answer,
    reasons,
    comment: row.comment,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

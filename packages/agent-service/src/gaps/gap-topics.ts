import {
  GAP_TOPIC_LIMITS,
  type GapReason,
  type GapTopic,
  type GapTopicsQuery,
  type GapTopicsResponse,
  type GapTopicTrend,
  INSIGHTS_LIMITS,
} from '@agent-chat/protocol';
import { invalidRequest } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import { DECLINE_SENTENCES } from '../answering/index.js';
import { AI_TOOL_ANSWERER } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';
import { type GapMark, listGapMarks } from './gap-marks.js';
import { groupGaps } from './group-gaps.js';

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
interface Gap {
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

/** The range of a query and the previous period of the same length. */
function gapRange(
  query: Pick<GapTopicsQuery, 'from' | 'to'>,
  now: number,
): { from: string; to: string; previousFrom: string } {
  const to = query.to ?? new Date(now).toISOString();
  const from =
    query.from ?? new Date(Date.parse(to) - INSIGHTS_LIMITS.defaultDays * DAY_MS).toISOString();
  const previousFrom = new Date(2 * Date.parse(from) - Date.parse(to)).toISOString();
  return { from, to, previousFrom };
}

/** The content gaps of an agent in [`previousFrom`, `to`), newest first. */
async function readGaps(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: { from: string; to: string; previousFrom: string },
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

function trendOf(count: number, previousCount: number): GapTopicTrend {
  if (previousCount === 0) return 'new';
  return count > previousCount ? 'up' : count < previousCount ? 'down' : 'flat';
}

/** A page position: how many topics came before. */
function decodeOffset(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^topics:(\d{1,6})$/.exec(text);
  if (!match) {
    throw invalidRequest('cursor is not valid: pass the nextCursor of a previous page unchanged');
  }
  return Number(match[1]);
}

function encodeOffset(offset: number): string {
  return Buffer.from(`topics:${offset}`).toString('base64url');
}

/** All topics of a range (not paged), and how many were hidden. */
async function gapTopicsOf(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: { from: string; to: string; previousFrom: string },
): Promise<{ topics: GapTopic[]; hidden: number }> {
  const gaps = await readGaps(database, organizationId, agentId, range);
  const marks = await listGapMarks(database, organizationId, agentId);
  // The marks' questions are grouped with the gaps: the topics they join carry the mark.
  const markOf: GapMark[] = [];
  for (const mark of marks) for (const _ of mark.questions) markOf.push(mark);
  const texts = [...gaps.map((gap) => gap.question), ...marks.flatMap((mark) => mark.questions)];
  const topics: GapTopic[] = [];
  let hidden = 0;
  for (const group of groupGaps(texts)) {
    const own = group.members.filter((member) => member < gaps.length).map((m) => gaps[m] as Gap);
    const current = own.filter((gap) => gap.current);
    if (current.length === 0) continue;
    let mark: GapMark | undefined;
    for (const member of group.members) {
      const candidate = markOf[member - gaps.length];
      if (candidate && (mark === undefined || candidate.at >= mark.at)) mark = candidate;
    }
    if (mark?.kind === 'hidden') {
      hidden++;
      continue;
    }
    const first = own.reduce((earliest, gap) => (gap.at < earliest.at ? gap : earliest));
    const count = current.length;
    const previousCount = own.length - count;
    topics.push({
      id: first.messageId,
      label: group.label.join(' · '),
      typicalQuestion: texts[group.typical] ?? first.question,
      count,
      previousCount,
      trend: trendOf(count, previousCount),
      firstSeen: current.at(-1)?.at ?? first.at,
      lastSeen: current[0]?.at ?? first.at,
      answered:
        mark?.kind === 'answered' && mark.datasourceId !== null
          ? { by: mark.by, at: mark.at, datasourceId: mark.datasourceId }
          : null,
      questions: current.slice(0, GAP_TOPIC_LIMITS.questions).map((gap) => ({
        question: gap.question,
        conversationId: gap.conversationId,
        messageId: gap.messageId,
        at: gap.at,
        reason: gap.reason,
      })),
    });
  }
  topics.sort(
    (x, y) =>
      y.count - x.count ||
      (x.lastSeen < y.lastSeen ? 1 : x.lastSeen > y.lastSeen ? -1 : 0) ||
      (x.id < y.id ? -1 : 1),
  );
  return { topics, hidden };
}

/**
 * `GET /api/insights/gaps`: an agent's content gaps of a range (declined, nothing retrieved,
 * voted down, reported by AI tools) grouped into topics (`groupGaps`), largest first, each
 * with its trend against the previous period of the same length; topics hidden as not
 * relevant and their look-alikes left out, answered ones marked. The range's newest
 * {@link GAP_TOPIC_LIMITS}.gaps gaps are grouped on each call (10,000 within a second or
 * so); pages are positions in that order. Another organization's agent is 404.
 */
export async function listGapTopics(
  database: Queryable,
  organizationId: string,
  query: GapTopicsQuery,
  now = Date.now(),
): Promise<GapTopicsResponse> {
  await getAgent(database, organizationId, query.agentId);
  const offset = query.cursor === undefined ? 0 : decodeOffset(query.cursor);
  const range = gapRange(query, now);
  const { topics, hidden } = await gapTopicsOf(database, organizationId, query.agentId, range);
  const limit = query.limit ?? GAP_TOPIC_LIMITS.page.default;
  const page = topics.slice(offset, offset + limit);
  return {
    from: range.from,
    to: range.to,
    topics: page,
    hidden,
    nextCursor: offset + limit < topics.length ? encodeOffset(offset + limit) : null,
  };
}

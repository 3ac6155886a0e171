import {
  GAP_TOPIC_LIMITS,
  type GapHiddenTopic,
  type GapReason,
  type GapTopic,
  type GapTopicsQuery,
  type GapTopicsResponse,
  type GapTopicTrend,
  INSIGHTS_LIMITS,
} from '@agent-chat/protocol';
import { invalidRequest, notFound } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import { DECLINE_SENTENCES } from '../answering/index.js';
import { AI_TOOL_ANSWERER } from '../conversations/index.js';
import type { Queryable } from '../store/index.js';
import { type GapMark, listGapMarks } from './gap-marks.js';
import { readKnownTopics, rememberTopics } from './gap-topic-registry.js';
import type { GapTopicsCache } from './gap-topics-cache.js';
import { type GapGroup, groupGaps } from './group-gaps.js';
import { assignTopicIds, REMEMBERED_GAPS, type TopicTraits } from './topic-ids.js';

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

/** A range of gaps: [`from`, `to`), and the previous period of the same length from `previousFrom`. */
export interface GapRange {
  from: string;
  to: string;
  previousFrom: string;
}

/** The range of a query and the previous period of the same length. */
function gapRange(query: Pick<GapTopicsQuery, 'from' | 'to'>, now: number): GapRange {
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

/** A hidden topic as kept with its grouping: what the list shows, and the hides it carries. */
export interface HiddenGapTopic extends GapHiddenTopic {
  /** The `hidden` marks that hide it (its own, and its look-alikes'). */
  markIds: string[];
}

/** An agent's topics of a range, not paged: the listed ones and the hidden ones, largest first. */
export interface GroupedGapTopics {
  topics: GapTopic[];
  hiddenTopics: HiddenGapTopic[];
}

/** Where topics are read from and groupings kept: the database, and the service's cache. */
export interface GapTopicsContext {
  database: Queryable;
  /** Groupings by agent and range, valid while their gaps and marks are unchanged. */
  gapTopicsCache?: GapTopicsCache<GroupedGapTopics> | undefined;
}

/**
 * What a grouping depends on, read cheaply: how many gaps the range holds (and the part in
 * the range proper, and voted down), the newest and oldest, and the agent's marks. New
 * gaps, a vote, a gap ageing out, an answer, a hide or an un-hide each change it.
 */
async function fingerprintOf(
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

/** A group with gaps in the range, before it has an id. */
interface ListedGroup {
  group: GapGroup;
  own: Gap[];
  current: Gap[];
}

/**
 * Groups the gaps of a range with the agent's marks (their questions join the topics they
 * look like), gives each topic with gaps in the range its stable id (`assignTopicIds`
 * against the topics remembered, then remembered in turn), and sorts them out: hidden
 * (the latest mark a topic carries is a hide) or listed, largest first.
 */
async function groupTopics(
  database: Queryable,
  organizationId: string,
  agentId: string,
  range: GapRange,
  now: number,
): Promise<GroupedGapTopics> {
  const gaps = await readGaps(database, organizationId, agentId, range);
  const marks = await listGapMarks(database, organizationId, agentId);
  // The marks' questions are grouped with the gaps: the topics they join carry the mark.
  const markOf: GapMark[] = [];
  for (const mark of marks) for (const _ of mark.questions) markOf.push(mark);
  const texts = [...gaps.map((gap) => gap.question), ...marks.flatMap((mark) => mark.questions)];
  const listed: ListedGroup[] = [];
  for (const group of groupGaps(texts)) {
    const own = group.members.filter((member) => member < gaps.length).map((m) => gaps[m] as Gap);
    const current = own.filter((gap) => gap.current);
    if (current.length > 0) listed.push({ group, own, current });
  }
  const lastSeen = (entry: ListedGroup) => (entry.current[0] as Gap).at;
  listed.sort(
    (x, y) =>
      y.current.length - x.current.length ||
      (lastSeen(x) < lastSeen(y) ? 1 : lastSeen(x) > lastSeen(y) ? -1 : 0) ||
      (x.group.members[0] ?? 0) - (y.group.members[0] ?? 0),
  );
  const traits = listed.map(({ group, own }) => ({
    signature: group.signature,
    messageIds: own.slice(0, REMEMBERED_GAPS).map((gap) => gap.messageId),
  }));
  const ids = assignTopicIds(
    agentId,
    traits,
    await readKnownTopics(database, organizationId, agentId),
  );
  const topics: GapTopic[] = [];
  const hiddenTopics: HiddenGapTopic[] = [];
  listed.forEach(({ group, own, current }, index) => {
    const id = ids[index] as string;
    // The marks it carries: those whose questions joined it, and those made on it by id.
    const carried = new Set<GapMark>(marks.filter((mark) => mark.topicId === id));
    for (const member of group.members) {
      const mark = markOf[member - gaps.length];
      if (mark) carried.add(mark);
    }
    let mark: GapMark | undefined;
    for (const candidate of carried) {
      if (mark === undefined || candidate.at >= mark.at) mark = candidate;
    }
    const first = own.reduce((earliest, gap) => (gap.at < earliest.at ? gap : earliest));
    const label = group.label.join(' · ');
    const typicalQuestion = texts[group.typical] ?? first.question;
    const count = current.length;
    if (mark?.kind === 'hidden') {
      hiddenTopics.push({
        id,
        label,
        typicalQuestion,
        count,
        hidden: { by: mark.by, at: mark.at },
        markIds: [...carried].filter((each) => each.kind === 'hidden').map((each) => each.id),
      });
      return;
    }
    const previousCount = own.length - count;
    topics.push({
      id,
      label,
      typicalQuestion,
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
  });
  await rememberTopics(
    database,
    organizationId,
    agentId,
    listed.map(({ group }, index) => ({
      id: ids[index] as string,
      label: group.label.join(' · '),
      ...(traits[index] as TopicTraits),
    })),
    new Date(now),
  );
  return { topics, hiddenTopics };
}

/**
 * An agent's topics of a range, not paged: from the service's cache when the range's gaps
 * and marks are as they were (`key` names the range as asked, so that "the last 30 days"
 * is one entry while it stays unchanged), else grouped afresh and kept.
 */
export async function gapTopicsOfRange(
  context: GapTopicsContext,
  organizationId: string,
  agentId: string,
  range: GapRange,
  key: { from?: string | undefined; to?: string | undefined },
  now: number,
): Promise<GroupedGapTopics> {
  const { database, gapTopicsCache: cache } = context;
  if (cache === undefined) return groupTopics(database, organizationId, agentId, range, now);
  const cacheKey = JSON.stringify([organizationId, agentId, key.from ?? null, key.to ?? null]);
  const fingerprint = await fingerprintOf(database, organizationId, agentId, range);
  const cached = cache.get(cacheKey, fingerprint);
  if (cached !== undefined) return cached;
  const grouped = await groupTopics(database, organizationId, agentId, range, now);
  cache.set(cacheKey, fingerprint, grouped);
  return grouped;
}

/**
 * `GET /api/insights/gaps`: an agent's content gaps of a range (declined, nothing retrieved,
 * voted down, reported by AI tools) grouped into topics (`groupGaps`), largest first, each
 * with its trend against the previous period of the same length and an id that stays with
 * it (`assignTopicIds`); topics hidden as not relevant and their look-alikes listed apart,
 * answered ones marked. The range's newest {@link GAP_TOPIC_LIMITS}.gaps gaps are grouped
 * (10,000 within a second or so) when they changed since the last call, else the grouping
 * is read from the cache; pages are positions in that order. Another organization's agent
 * is 404.
 */
export async function listGapTopics(
  context: GapTopicsContext,
  organizationId: string,
  query: GapTopicsQuery,
  now = Date.now(),
): Promise<GapTopicsResponse> {
  await getAgent(context.database, organizationId, query.agentId);
  const offset = query.cursor === undefined ? 0 : decodeOffset(query.cursor);
  const range = gapRange(query, now);
  const { topics, hiddenTopics } = await gapTopicsOfRange(
    context,
    organizationId,
    query.agentId,
    range,
    query,
    now,
  );
  const limit = query.limit ?? GAP_TOPIC_LIMITS.page.default;
  const page = topics.slice(offset, offset + limit);
  return {
    from: range.from,
    to: range.to,
    topics: page,
    hidden: hiddenTopics.length,
    hiddenTopics: hiddenTopics.map(({ markIds: _, ...topic }) => topic),
    nextCursor: offset + limit < topics.length ? encodeOffset(offset + limit) : null,
  };
}

/** The hidden topic `topicId` of a range, or 404. */
export async function findHiddenTopic(
  context: GapTopicsContext,
  organizationId: string,
  query: Pick<GapTopicsQuery, 'agentId' | 'from' | 'to'> & { topicId: string },
  now: number,
): Promise<HiddenGapTopic> {
  const range = gapRange(query, now);
  const { hiddenTopics } = await gapTopicsOfRange(
    context,
    organizationId,
    query.agentId,
    range,
    query,
    now,
  );
  const topic = hiddenTopics.find((candidate) => candidate.id === query.topicId);
  if (!topic) throw notFound('Hidden gap topic', query.topicId);
  return topic;
}

/**
 * Listing an agent's gap topics: a range's grouping read from the service's cache while
 * its gaps and marks are unchanged (else grouped afresh), paged by position, and one
 * hidden topic found by id.
 */
import type { GapTopicsQuery, GapTopicsResponse } from '@agent-chat/protocol';
import { GAP_TOPIC_LIMITS } from '@agent-chat/protocol';
import { invalidRequest, notFound } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import type { Queryable } from '../store/index.js';
import type { GapTopicsCache } from './gap-topics-cache.js';
import { type GroupedGapTopics, groupTopics, type HiddenGapTopic } from './group-topics.js';
import { fingerprintOf, type GapRange, gapRange } from './read-gaps.js';

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

/** Where topics are read from and groupings kept: the database, and the service's cache. */
export interface GapTopicsContext {
  database: Queryable;
  /** Groupings by agent and range, valid while their gaps and marks are unchanged. */
  gapTopicsCache?: GapTopicsCache<GroupedGapTopics> | undefined;
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

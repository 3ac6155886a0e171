/**
 * What the gap-topics model asks of the API: the scope (agent and range) it shows, the
 * query string of a page of `GET api/insights/gaps`, and the body of an un-hide.
 */
import type { GapUnhideBody } from '@agent-chat/protocol';
import { type InsightsFilterDraft, insightsSearch } from './insights-model.js';

/** Topics asked for per page (`limit`). */
export const TOPICS_PER_PAGE = 20;

/** The range and agent whose topics are shown. */
export interface GapTopicsScope extends InsightsFilterDraft {
  /** Required here: topics are an agent's. */
  agentId: string;
}

/** The body of `POST api/insights/gaps/unhide` for a topic of a scope's range. */
export function unhideBodyOf(scope: GapTopicsScope, topicId: string): GapUnhideBody {
  const params = new URLSearchParams(insightsSearch(scope));
  const from = params.get('from');
  const to = params.get('to');
  return {
    agentId: scope.agentId,
    topicId,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** The query string of `GET api/insights/gaps` for a scope and a cursor. */
export function gapTopicsSearch(scope: GapTopicsScope, cursor?: string): string {
  const params = new URLSearchParams(insightsSearch(scope));
  params.set('limit', String(TOPICS_PER_PAGE));
  if (cursor !== undefined) params.set('cursor', cursor);
  return `?${params}`;
}

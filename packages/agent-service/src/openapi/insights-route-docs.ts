/**
 * The Insights routes of the OpenAPI registry (`GET /api/insights`, api/'s insights-route;
 * the content-gap topics, api/'s gap-topics-routes).
 */
import {
  gapAnswerResponseSchema,
  gapAnswerSchema,
  gapHideResponseSchema,
  gapHideSchema,
  gapTopicsQuerySchema,
  gapTopicsResponseSchema,
  gapUnhideResponseSchema,
  gapUnhideSchema,
  insightsQuerySchema,
  insightsResponseSchema,
} from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

/** The Insights route, as the document publishes it. */
export const INSIGHTS_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/insights',
    operationId: 'getInsights',
    summary: 'Questions per day, votes, answers without sources, and content gaps',
    tag: 'Insights',
    query: insightsQuerySchema,
    responses: { 200: insightsResponseSchema },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/insights/gaps',
    operationId: 'listGapTopics',
    summary: 'Content gaps grouped into topics, largest first, with their trend',
    description:
      'An agent’s content gaps of a range (declined, nothing retrieved, voted down, reported by AI tools through MCP) ' +
      'grouped by what they ask (shared rare terms after stemming and synonyms; average-linkage clustering), ' +
      'each topic with a label, counts, first and last seen, the trend against the previous period of the same length ' +
      'and its newest 50 questions. A topic keeps its id across calls and periods (the topic remembered as holding most of ' +
      'the same gaps, else the most alike by its terms, else an id derived from its core terms). Hidden topics and their ' +
      'look-alikes are left out of `topics` and listed in `hiddenTopics`. The grouping is kept until the range’s gaps or ' +
      'the agent’s marks change. Pages: pass `nextCursor` as `cursor`.',
    tag: 'Insights',
    query: gapTopicsQuerySchema,
    responses: { 200: gapTopicsResponseSchema },
    errors: [[404, 'the agent is not the organization’s']],
  },
  {
    method: 'post',
    path: '/api/insights/gaps/answer',
    operationId: 'answerGapTopic',
    summary: 'Answer a topic once: Q&A pairs for all its questions, searchable on return',
    tag: 'Insights',
    body: gapAnswerSchema,
    responses: { 200: gapAnswerResponseSchema },
    errors: [[404, 'the agent is not the organization’s']],
  },
  {
    method: 'post',
    path: '/api/insights/gaps/hide',
    operationId: 'hideGapTopic',
    summary: 'Hide a topic that is not relevant, and its look-alikes',
    tag: 'Insights',
    body: gapHideSchema,
    responses: { 200: gapHideResponseSchema },
    errors: [[404, 'the agent is not the organization’s']],
  },
  {
    method: 'post',
    path: '/api/insights/gaps/unhide',
    operationId: 'unhideGapTopic',
    summary: 'Show a hidden topic again, with its look-alikes',
    description:
      'Withdraws the hides a topic of `hiddenTopics` carries in the range (as listed: `from`, `to`), so that it and ' +
      'the topics it looks like are listed again.',
    tag: 'Insights',
    body: gapUnhideSchema,
    responses: { 200: gapUnhideResponseSchema },
    errors: [
      [404, 'the agent is not the organization’s, or no topic of that id is hidden in the range'],
    ],
  },
];

/**
 * The admin operations of the console's Insights page: aggregates over a range's
 * conversations, and its content-gap topics (listed, answered once, hidden, shown again).
 */
import {
  emptyBodySchema,
  gapAnswerSchema,
  gapHideSchema,
  gapTopicsQuerySchema,
  gapUnhideSchema,
  insightsQuerySchema,
} from '@agent-chat/protocol/schemas';
import type { AdminOperation } from './admin-operation.js';

/** Insights and content-gap topics (issue 53). */
export const INSIGHTS_OPERATIONS: readonly AdminOperation[] = [
  {
    // The console's Insights page: aggregates over the conversations of a range.
    method: 'get',
    path: '/api/insights',
    upstreamPath: () => '/api/insights',
    schema: emptyBodySchema,
    query: insightsQuerySchema,
  },
  {
    // The Insights page's content-gap topics (issue 53): listed, answered once, hidden, shown again.
    method: 'get',
    path: '/api/insights/gaps',
    upstreamPath: () => '/api/insights/gaps',
    schema: emptyBodySchema,
    query: gapTopicsQuerySchema,
  },
  {
    method: 'post',
    path: '/api/insights/gaps/answer',
    upstreamPath: () => '/api/insights/gaps/answer',
    schema: gapAnswerSchema,
    operatorField: 'by',
  },
  {
    method: 'post',
    path: '/api/insights/gaps/hide',
    upstreamPath: () => '/api/insights/gaps/hide',
    schema: gapHideSchema,
    operatorField: 'by',
  },
  {
    method: 'post',
    path: '/api/insights/gaps/unhide',
    upstreamPath: () => '/api/insights/gaps/unhide',
    schema: gapUnhideSchema,
  },
];

/**
 * The Query routes of the OpenAPI registry: `POST /api/agents/{id}/query` (api/'s query-route),
 * an answer as JSON or as the seed dialect's event stream, whose framing is described here, and
 * `POST /api/agents/{id}/search` (search-route), sections as you type.
 */
import { SSE_HEADERS } from '@agent-chat/protocol';
import {
  queryRequestSchema,
  queryResponseSchema,
  searchRequestSchema,
  searchResponseSchema,
} from '@agent-chat/protocol/schemas';
import type { RouteDoc } from './route-doc.js';

const streamDescription = `With \`streaming: true\`: the answer as Server-Sent Events (headers ${Object.entries(
  SSE_HEADERS,
)
  .map(([name, value]) => `\`${name}: ${value}\``)
  .join(', ')}):
\`event: answer\` frames carry text fragments (several \`data:\` lines for multi-line text);
\`event: endpoint_response\` frames carry fragments of one JSON \`QueryResponse\` (concatenate them);
\`data: [DONE]\` ends the stream. \`: ping\` comment lines are heartbeats. A failure after the
first event is \`data: [ERROR]<CODE>: <message>\`, then the stream ends. Errors found before
the first event (404, 402, …) are JSON error responses, as in JSON mode.`;

/** The Query routes (an agent answers, as JSON or a stream; its documentation searched), as the document publishes them. */
export const QUERY_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/agents/{id}/query',
    operationId: 'queryAgent',
    summary: 'Ask an agent a question: an answer grounded in its datastores, with sources',
    description:
      'Starts a conversation, or continues one with `conversationId` (and its `visitorId`). ' +
      'Answers `[n]` cite `sources` in order. A new conversation is listed with the channel ' +
      '`api`, or `widget` when the request carries `X-Agent-Chat-Channel: widget` (the BFF ' +
      'sends it for its visitors).',
    tag: 'Query',
    body: queryRequestSchema,
    responses: {
      200: {
        description: 'The answer: JSON, or an event stream with `streaming: true`.',
        json: queryResponseSchema,
        text: { 'text/event-stream': streamDescription },
      },
    },
    errors: [
      400,
      [402, 'USAGE_LIMIT: the organization’s query quota for the period is used up'],
      [403, 'FORBIDDEN: `filters.datastore_ids` names a datastore the agent does not search'],
      [404, 'NOT_FOUND: no such agent, or a conversation of another visitor or agent'],
    ],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/search',
    operationId: 'searchAgent',
    summary: 'Search an agent’s documentation as you type: sections, no answer',
    description:
      'The agent’s datastores searched as its questions are, the last word of `query` ' +
      'taken as a prefix unless a space follows it ("conf" finds "config"). One result per ' +
      'section, best first, with a plain-text excerpt and the ranges of it that matched. ' +
      'Not counted against the usage limit.',
    tag: 'Query',
    body: searchRequestSchema,
    responses: { 200: searchResponseSchema },
    errors: [400, [404, 'NOT_FOUND: no such agent']],
  },
];

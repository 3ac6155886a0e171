/**
 * The MCP route of the OpenAPI registry (`POST /api/agents/{id}/mcp`, mcp/'s mcp-route):
 * JSON-RPC 2.0 messages of the Model Context Protocol, answered as one JSON body or an
 * event stream, with the SDK's own message schema.
 */
import { apiErrorBodySchema } from '@agent-chat/protocol/schemas';
import { JSONRPCMessageSchema, JSONRPCResponseSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { RouteDoc } from './route-doc.js';

/**
 * A JSON-RPC error answered before any request is read (its `id` then `null`, as JSON-RPC
 * 2.0 says; the SDK's own response schema requires an id, so it is written here).
 */
const jsonRpcErrorBodySchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number().int(), z.null()]),
  error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
});

/** The MCP route (an agent's knowledge for AI tools), as the document publishes it. */
export const MCP_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/agents/{id}/mcp',
    operationId: 'agentMcp',
    summary: 'The agent’s knowledge as an MCP server (Streamable HTTP, stateless)',
    description:
      'A [Model Context Protocol](https://modelcontextprotocol.io) server for AI coding tools: ' +
      'tools `search_docs`, `get_page`, `ask_question` and `send_feedback`. Send each JSON-RPC ' +
      'message with `Accept: application/json, text/event-stream`; no session (no ' +
      '`Mcp-Session-Id`). Malformed JSON-RPC is answered with JSON-RPC errors (400 `-32700` or ' +
      '`-32600`, 406 without both media types, 413 too large, 415 not JSON); other methods 405. ' +
      'A notification alone is accepted with 202 and no body.',
    tag: 'MCP',
    body: JSONRPCMessageSchema,
    responses: {
      200: {
        description:
          'The JSON-RPC response: one JSON body, or an event stream when `Accept` lists ' +
          '`text/event-stream` first (or with a higher quality).',
        json: JSONRPCResponseSchema,
        text: {
          'text/event-stream':
            'Server-Sent Events: `event: message` frames, each `data:` one JSON-RPC message; the ' +
            'stream ends after the response.',
        },
      },
    },
    errors: [
      [
        400,
        'a body that is not JSON-RPC: a JSON-RPC error (`-32700` parse error, `-32600` invalid request)',
      ],
      [401, 'UNAUTHORIZED: no key, or an unknown one (`ApiError`)'],
      [404, 'NOT_FOUND: no such agent, or another organization’s (`ApiError`)'],
      [413, 'a body over the service’s limit: a JSON-RPC error'],
    ],
    errorBody: z.union([apiErrorBodySchema, jsonRpcErrorBodySchema]),
  },
];

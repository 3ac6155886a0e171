import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** Options of {@link connectMcpClient}. */
export interface McpClientOptions {
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** More request headers (`Origin`, …). */
  headers?: Record<string, string>;
  /**
   * Ask for event streams: `Accept: text/event-stream, application/json` instead of the
   * SDK's `application/json, text/event-stream` (the server answers JSON to that).
   */
  eventStream?: boolean;
  /** Picks the URL of each request (several servers behind one client); default `url`. */
  route?: (url: URL) => URL;
  /** Sees every response's `Content-Type`. */
  onContentType?: (contentType: string) => void;
}

/**
 * Connects the official SDK's `Client` over `StreamableHTTPClientTransport` to `url`,
 * as an IDE would (initialize, then `initialized`). Close it with `client.close()`.
 *
 * @example
 * const client = await connectMcpClient(`${service.url}/api/agents/a1/mcp`, { apiKey });
 * const { tools } = await client.listTools();
 */
export async function connectMcpClient(
  url: string,
  options: McpClientOptions = {},
): Promise<Client> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers },
    async fetch(input, init) {
      const target = options.route ? options.route(new URL(String(input))) : input;
      const requestHeaders = new Headers(init?.headers);
      if (options.eventStream && requestHeaders.get('accept')?.includes('application/json')) {
        requestHeaders.set('accept', 'text/event-stream, application/json');
      }
      const response = await fetch(target, { ...init, headers: requestHeaders });
      options.onContentType?.(response.headers.get('content-type') ?? '');
      return response;
    },
  });
  const client = new Client({ name: 'agent-chat-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/**
 * A raw JSON-RPC `initialize` request, for the tests that speak to an MCP endpoint without
 * the SDK's client (content negotiation, Origin checks, status codes).
 */
export const MCP_INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
} as const;

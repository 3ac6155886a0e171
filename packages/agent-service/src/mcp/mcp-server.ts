import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AgentServiceError } from '../agent-service-error.js';
import { askQuestionTool } from './ask-question-tool.js';
import { getPageTool } from './get-page-tool.js';
import type { McpTool, ToolCall, ToolResult } from './mcp-tool.js';
import { searchDocsTool } from './search-docs-tool.js';
import { sendFeedbackTool } from './send-feedback-tool.js';

/** The tools of every agent's MCP server, in the order they are listed. */
export const MCP_TOOLS: readonly McpTool[] = [
  searchDocsTool,
  getPageTool,
  askQuestionTool,
  sendFeedbackTool,
];

/** A tool as `tools/list` describes it: its schemas as JSON Schema, from the very zod schemas that validate. */
function describeTool(tool: McpTool): Tool {
  const described: Tool = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: z.toJSONSchema(tool.input, { io: 'input' }) as Tool['inputSchema'],
    annotations: { readOnlyHint: tool.readOnly, openWorldHint: false },
  };
  if (tool.output) {
    described.outputSchema = z.toJSONSchema(tool.output) as NonNullable<Tool['outputSchema']>;
  }
  return described;
}

function toCallResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: result.text }],
    ...(result.data ? { structuredContent: result.data } : {}),
    ...(result.isError ? { isError: true } : {}),
  };
}

/** Options of {@link createMcpServer}. */
interface McpServerOptions {
  /** The server's version in `initialize` (the package's). */
  version: string;
}

/**
 * The MCP server of one request (the transport is stateless: a server per request, so any
 * process answers any call): `tools/list` and `tools/call` over {@link MCP_TOOLS} for
 * `call.agent`. An unknown tool is the protocol's `-32602` error; arguments that break a
 * tool's schema, a used-up quota or a missing page are tool errors (`isError`), which the
 * specification (2025-11-25) asks for so that the model can correct itself. Each call is
 * logged with its tool, agent, outcome and time.
 */
export function createMcpServer(call: ToolCall, options: McpServerOptions): Server {
  const { agent, context } = call;
  const server = new Server(
    { name: 'agent-chat', title: agent.name, version: options.version },
    {
      capabilities: { tools: {} },
      instructions:
        `The documentation that agent "${agent.name}" answers from` +
        `${agent.description ? ` (${agent.description})` : ''}. ` +
        'Search it with search_docs, read a page with get_page, ask its assistant with ' +
        'ask_question, and report what is missing or wrong with send_feedback.',
    },
  );
  const tools = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: MCP_TOOLS.map(describeTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const tool = tools.get(name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${name}": this server has ${MCP_TOOLS.map((known) => known.name).join(', ')}.`,
      );
    }
    const started = performance.now();
    const log = { agentId: agent.id, organizationId: call.organization.id, tool: name };
    const parsed = tool.input.safeParse(request.params.arguments ?? {});
    if (!parsed.success) {
      context.logger.info({ ...log, outcome: 'invalid-arguments' }, 'mcp tool call');
      return toCallResult({
        text: `Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`,
        isError: true,
      });
    }
    let result: ToolResult;
    try {
      result = await tool.run(parsed.data, call);
    } catch (error) {
      if (!(error instanceof AgentServiceError)) {
        context.logger.error(
          { ...log, err: error instanceof Error ? error.message : String(error) },
          'mcp tool call failed',
        );
        return toCallResult({ text: `The ${name} tool failed; try again later.`, isError: true });
      }
      result = { text: error.message, isError: true };
    }
    context.logger.info(
      {
        ...log,
        outcome: result.isError ? 'tool-error' : 'ok',
        ms: Math.round(performance.now() - started),
      },
      'mcp tool call',
    );
    return toCallResult(result);
  });
  return server;
}

import type { Agent } from '@agent-chat/protocol';
import type { z } from 'zod';
import type { AskingContext } from '../asking/index.js';
import type { Organization } from '../organizations/index.js';

/** Who is calling a tool and on which agent: one MCP request's state (the server is stateless). */
export interface ToolCall {
  context: AskingContext;
  organization: Organization;
  /** The agent whose knowledge the tools serve (already read for this organization). */
  agent: Agent;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
}

/** What a tool returns: Markdown for the model, and the same facts as data for programs. */
export interface ToolResult {
  /** The text the model reads (Markdown). */
  text: string;
  /** The result as data (`structuredContent`), matching the tool's `output` schema. */
  data?: Record<string, unknown>;
  /** A tool error the model can act on (an unknown page, a used-up quota), not a protocol error. */
  isError?: boolean;
}

/**
 * One MCP tool: its name, a description written for a model, its input as a zod schema
 * (validated here and published as JSON Schema), and what it does.
 */
export interface McpTool<Input extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  /** What the tool is for and when to call it, for the model choosing among tools. */
  description: string;
  input: Input;
  /** The schema of {@link ToolResult.data}, when the tool returns data. */
  output?: z.ZodType;
  /** The tool only reads (MCP's `readOnlyHint`): all but `send_feedback`. */
  readOnly: boolean;
  run(input: z.output<Input>, call: ToolCall): Promise<ToolResult>;
}

/** Declares a tool with its input's type inferred from its schema. */
export function defineTool<Input extends z.ZodType>(tool: McpTool<Input>): McpTool {
  return tool as unknown as McpTool;
}

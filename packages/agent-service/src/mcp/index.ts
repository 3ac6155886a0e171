/**
 * MCP: each agent's knowledge as a Model Context Protocol server (Streamable HTTP,
 * stateless) for AI coding tools: `search_docs` (retrieval as the datastore query route
 * does it), `get_page` (a stored page rebuilt as Markdown), `ask_question` (the agent's
 * answer through `asking/`, stored as a conversation) and `send_feedback` (a content gap
 * the console lists), each counted against the organization's usage limit and logged.
 */
export { createMcpRoute } from './mcp-route.js';

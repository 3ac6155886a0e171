/**
 * MCP: the public Model Context Protocol endpoints of the agents the public may query,
 * relayed to the agent service with the BFF's token (`POST /mcp/:agentId`), and their
 * discovery document (`GET /.well-known/mcp.json`).
 */
export { createMcpRelay } from './mcp-relay.js';

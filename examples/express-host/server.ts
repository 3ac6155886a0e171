/**
 * Runs the example host site. Start the agent service first (or use any upstream):
 *
 *   UPSTREAM_URL=http://127.0.0.1:3001 AGENT_API_TOKEN=… ADMIN_TOKEN=… \
 *     npx tsx --conditions agent-chat-source examples/express-host/server.ts
 */
import type { AddressInfo } from 'node:net';
import { createHostApp } from './host-app.js';

const upstreamUrl = process.env.UPSTREAM_URL ?? 'http://127.0.0.1:3001';
const agentApiToken = process.env.AGENT_API_TOKEN;
if (!agentApiToken) {
  console.error('Set AGENT_API_TOKEN to the agent service API key (see README.md).');
  process.exit(1);
}

const { app, bff } = createHostApp({
  upstreamUrl,
  agentApiToken,
  allowedAgents: ['demo'],
  ...(process.env.ADMIN_TOKEN ? { adminToken: process.env.ADMIN_TOKEN } : {}),
});
const port = Number(process.env.PORT ?? 8080);
const server = app.listen(port, '127.0.0.1', () => {
  // The port listened on: PORT=0 picks a free one.
  const listening = (server.address() as AddressInfo).port;
  console.log(`Acme site on http://127.0.0.1:${listening}/ (agent-chat under /chat)`);
});
const stop = () => {
  server.close();
  void bff.shutdown().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/**
 * `npm start`: the whole stack on one machine, offline.
 *
 * Starts the embedded agent service (seeded with the demo agent `demo` and a datastore of
 * this project's docs) on 127.0.0.1:3001, then the demo site — demo page + BFF + widget —
 * on PORT (3000), and prints the URL and the admin token. Data persists under DATA_DIR.
 * With UPSTREAM_URL set, no embedded service is started and the BFF relays there instead.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createDemoApp } from './demo-app.js';

const env = process.env;

function fail(message: string): never {
  console.error(`agent-chat demo: ${message}`);
  process.exit(1);
}

function port(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    fail(`${name} must be a port number (0-65535), got "${raw}".`);
  }
  return value;
}

function milliseconds(name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    fail(`${name} must be a whole number of ms, got "${raw}".`);
  return value;
}

/** The demo's own API key, created once and kept in the data directory (mode 0600). */
function demoApiKey(dataDir: string): string {
  const file = resolve(dataDir, 'demo-api-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const key = `ak_demo_${randomBytes(24).toString('base64url')}`;
    writeFileSync(file, `${key}\n`, { mode: 0o600 });
    return key;
  }
}

function listen(server: Server, listenPort: number, host: string): Promise<AddressInfo> {
  return new Promise((done, reject) => {
    server.once('error', reject);
    server.listen(listenPort, host, () => done(server.address() as AddressInfo));
  });
}

async function main(): Promise<void> {
  const dataDir = resolve(env.DATA_DIR ?? '.data/demo');
  mkdirSync(dataDir, { recursive: true });
  const allowedAgents = env.ALLOWED_AGENTS
    ? env.ALLOWED_AGENTS.split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : ['demo'];
  // The demo page chats with the first allowed agent (`demo` with the embedded service).
  const agentId = allowedAgents.find((id) => id !== '*') ?? 'demo';
  let datastoreId: string | undefined;

  let service: RunningAgentService | undefined;
  let upstreamUrl = env.UPSTREAM_URL;
  let agentApiToken = env.AGENT_API_TOKEN;
  if (upstreamUrl) {
    if (!agentApiToken) fail('UPSTREAM_URL is set, so AGENT_API_TOKEN (its API key) is required.');
  } else {
    service = await startAgentService({
      dataDir: resolve(dataDir, 'agent-service'),
      host: '127.0.0.1',
      port: port('AGENT_SERVICE_PORT', 3001),
      // Paces the extractive answer like a model's tokens, so the demo shows streaming.
      fragmentDelayMs: milliseconds('DEMO_FRAGMENT_DELAY_MS', 12),
    }).catch((error: unknown) =>
      fail(
        `could not start the embedded agent service: ${(error as Error).message}. ` +
          'Is another demo running? Set AGENT_SERVICE_PORT to use another port.',
      ),
    );
    const seeded = await service.seedDemo({ apiKey: agentApiToken ?? demoApiKey(dataDir) });
    upstreamUrl = service.url;
    agentApiToken = seeded.apiKey;
    datastoreId = seeded.datastoreId;
  }

  const adminToken = env.ADMIN_TOKEN || randomBytes(18).toString('base64url');
  const { app, bff } = createDemoApp({
    agentId,
    upstreamUrl,
    agentApiToken: agentApiToken as string,
    adminToken,
    allowedAgents: env.ALLOWED_AGENTS
      ? env.ALLOWED_AGENTS.split(',').map((id) => id.trim())
      : [agentId],
    ...(env.UPSTREAM_DIALECT === 'chaindesk' || env.UPSTREAM_DIALECT === 'spec'
      ? { upstreamDialect: env.UPSTREAM_DIALECT }
      : {}),
    ...(env.WIDGET_DIR ? { widgetDir: resolve(env.WIDGET_DIR) } : {}),
  });
  const server = createServer(app);
  const host = env.HOST ?? '127.0.0.1';
  const address = await listen(server, port('PORT', 3000), host).catch((error: Error) =>
    fail(
      `could not listen on ${host}:${env.PORT ?? 3000}: ${error.message}. Set PORT to use another port.`,
    ),
  );
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${address.port}`;

  console.log('');
  console.log(`  agent-chat demo is running: open ${url}/`);
  console.log('');
  console.log(
    `  agent service  ${service ? `${service.url} (embedded, data in ${dataDir})` : upstreamUrl}`,
  );
  if (datastoreId) {
    const keyNote = env.AGENT_API_TOKEN
      ? 'API key: AGENT_API_TOKEN'
      : `API key in ${dataDir}/demo-api-key`;
    console.log(`  demo datastore ${datastoreId} (${keyNote})`);
  }
  console.log(`  admin token    ${adminToken}`);
  console.log(`  try            curl -N -X POST ${url}/api/agents/${agentId}/query \\`);
  console.log(
    `                   -H 'Content-Type: application/json' -d '{"query":"How do I embed the widget?","streaming":true}'`,
  );
  console.log('');
  console.log('  Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`\n  ${signal}: stopping…`);
    const closed = new Promise<void>((done) => server.close(() => done()));
    await bff.shutdown(2_000);
    server.closeAllConnections();
    await closed;
    await service?.close();
    console.log('  stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => fail((error as Error).stack ?? String(error)));

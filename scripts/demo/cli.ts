/**
 * `npm start`: the whole stack on one machine, offline.
 *
 * Starts the embedded agent service (seeded with the demo agent `demo` and a datastore of
 * this project's docs) on 127.0.0.1:3001, then the demo site — demo page + BFF + widget —
 * on PORT (3000), and prints the URL and the admin token. Data persists under DATA_DIR
 * (or in PostgreSQL with DATABASE_URL). With UPSTREAM_URL set, no embedded service is
 * started and the BFF relays there instead. Every `agent-chat-bff` variable (ALLOWED_ORIGINS,
 * REDIS_URL, AGENT_POLICIES, LOG_LEVEL, TRUST_PROXY, …) configures the demo's BFF too;
 * PGLITE_CACHE_MB its embedded store, and the notification variables (SMTP_URL,
 * NOTIFY_EMAIL, PUBLIC_CONSOLE_URL, WEBHOOK_URL, WEBHOOK_SECRET, …) its mail and events.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import {
  DEMO_AGENT_ID,
  DEMO_DATASTORE_ID,
  type RunningAgentService,
  type StartAgentServiceOptions,
  serveOptionsFromEnv,
  startAgentService,
} from '@agent-chat/agent-service';
import {
  type BffOptions,
  bffOptionsFromEnv,
  type ServerEnvOptions,
  serverOptionsFromEnv,
} from '@agent-chat/bff';
import { createDemoApp } from './demo-app.js';

const env = process.env;
const DEFAULT_AGENT_ID = DEMO_AGENT_ID;
const DEFAULT_SERVICE_PORT = 3001;

/**
 * The `agent-chat-service serve` variables the embedded service reads as `serve` does:
 * its store's cache, mail, the signed event stream and their outbox. Not all of them:
 * PORT, HOST, DATA_DIR and the like mean the demo site's own settings here.
 */
const SERVICE_ENV = [
  'PGLITE_CACHE_MB',
  'SMTP_URL',
  'MAIL_FROM',
  'NOTIFY_EMAIL',
  'PUBLIC_CONSOLE_URL',
  'WEBHOOK_URL',
  'WEBHOOK_SECRET',
  'HANDOFF_WEBHOOK_URL',
  'HANDOFF_WEBHOOK_SECRET',
  'OUTBOX_MAX_ATTEMPTS',
  'ALLOW_PRIVATE_URLS',
] as const;

let service: RunningAgentService | undefined;

/** Prints what went wrong and how to fix it, closes the embedded service, and exits 1. */
async function fail(message: string): Promise<never> {
  console.error(`agent-chat demo: ${message}`);
  await service?.close().catch(() => undefined);
  process.exit(1);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why a server could not start, as one sentence, and `advice` only when the port was taken:
 * another cause (a data directory another process holds, an unknown HOST) says what to do
 * itself, and the port is not it.
 */
function startFailure(error: unknown, advice: string): string {
  const message = errorMessage(error).replace(/\.+$/, '');
  const portTaken = (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
  return portTaken ? `${message}. ${advice}` : `${message}.`;
}

function servicePort(): number {
  const raw = env.AGENT_SERVICE_PORT?.trim();
  if (!raw) return DEFAULT_SERVICE_PORT;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value > 65_535) {
    throw new Error(`AGENT_SERVICE_PORT must be a port number from 0 to 65535 (got "${raw}").`);
  }
  return value;
}

function fragmentDelayMs(): number {
  const raw = env.DEMO_FRAGMENT_DELAY_MS?.trim();
  if (!raw) return 12;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) {
    throw new Error(`DEMO_FRAGMENT_DELAY_MS must be a whole number of ms (got "${raw}").`);
  }
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

/**
 * The key the BFF signs visitor ids with, created once and kept in the data directory
 * (mode 0600), so visitors keep their conversations across restarts of the demo.
 */
function demoVisitorSecret(dataDir: string): string {
  const file = resolve(dataDir, 'visitor-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/**
 * Whether an earlier start already seeded the demo: the demo agent exists and accepts this
 * key. Seeding again would undo what the admin routes changed since (a deleted document
 * would come back), so a restart keeps the data as it is. (An empty PATCH changes nothing.)
 */
async function alreadySeeded(serviceUrl: string, apiKey: string): Promise<boolean> {
  const response = await fetch(`${serviceUrl}/api/agents/${DEMO_AGENT_ID}`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  await response.body?.cancel();
  return response.ok;
}

/**
 * The BFF's options, read from the environment exactly as `agent-chat-bff` reads them, with
 * the demo's defaults: the embedded service and its key, a random admin token, agent `demo`.
 */
function demoBffOptions(upstream: {
  upstreamUrl: string;
  agentApiToken: string;
  adminToken: string;
  visitorSecret?: string;
}): BffOptions {
  return bffOptionsFromEnv({
    ...env,
    UPSTREAM_URL: upstream.upstreamUrl,
    AGENT_API_TOKEN: upstream.agentApiToken,
    ADMIN_TOKEN: upstream.adminToken,
    ...(upstream.visitorSecret && !env.VISITOR_SECRET?.trim()
      ? { VISITOR_SECRET: upstream.visitorSecret }
      : {}),
    ALLOWED_AGENTS: env.ALLOWED_AGENTS?.trim() || DEFAULT_AGENT_ID,
  });
}

function listen(server: Server, options: ServerEnvOptions): Promise<AddressInfo> {
  return new Promise((done, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => done(server.address() as AddressInfo));
  });
}

async function main(): Promise<void> {
  const dataDir = resolve(env.DATA_DIR || '.data/demo');
  const upstreamUrl = env.UPSTREAM_URL?.trim();
  const adminToken = env.ADMIN_TOKEN?.trim() || randomBytes(18).toString('base64url');
  let listenOptions: ServerEnvOptions;
  let port: number;
  let delayMs: number;
  let serviceOptions: StartAgentServiceOptions;
  try {
    // Check every setting before starting anything, so a typo fails fast and says which.
    if (upstreamUrl && !env.AGENT_API_TOKEN?.trim()) {
      throw new Error('UPSTREAM_URL is set, so AGENT_API_TOKEN (its API key) is required.');
    }
    demoBffOptions({
      upstreamUrl: upstreamUrl || `http://127.0.0.1:${DEFAULT_SERVICE_PORT}`,
      agentApiToken: env.AGENT_API_TOKEN?.trim() || 'checked-later',
      adminToken,
    });
    listenOptions = serverOptionsFromEnv(env);
    port = servicePort();
    delayMs = fragmentDelayMs();
    // Read and checked as `agent-chat-service serve` reads them.
    const read = serveOptionsFromEnv(
      Object.fromEntries(SERVICE_ENV.map((name) => [name, env[name]])),
      process.cwd(),
    );
    serviceOptions = {
      ...(read.pgliteCacheMb === undefined ? {} : { pgliteCacheMb: read.pgliteCacheMb }),
      ...(read.smtpUrl === undefined ? {} : { smtpUrl: read.smtpUrl }),
      ...(read.mailFrom === undefined ? {} : { mailFrom: read.mailFrom }),
      ...(read.notifyEmail === undefined ? {} : { notifyEmail: read.notifyEmail }),
      ...(read.publicConsoleUrl === undefined ? {} : { publicConsoleUrl: read.publicConsoleUrl }),
      ...(read.webhook === undefined ? {} : { webhook: read.webhook }),
      ...(read.handoffWebhook === undefined ? {} : { handoffWebhook: read.handoffWebhook }),
      ...(read.outbox === undefined ? {} : { outbox: read.outbox }),
      ...(read.allowPrivateUrls === undefined ? {} : { allowPrivateUrls: read.allowPrivateUrls }),
    };
  } catch (error) {
    return fail(errorMessage(error));
  }
  mkdirSync(dataDir, { recursive: true });

  let datastoreId: string | undefined;
  let agentApiToken = env.AGENT_API_TOKEN?.trim();
  if (!upstreamUrl) {
    const databaseUrl = env.DATABASE_URL?.trim();
    service = await startAgentService({
      ...(databaseUrl ? { databaseUrl } : { dataDir: resolve(dataDir, 'agent-service') }),
      ...serviceOptions,
      host: '127.0.0.1',
      port,
      // Paces the extractive answer like a model's tokens, so the demo shows streaming.
      fragmentDelayMs: delayMs,
    }).catch((error: unknown) =>
      fail(
        `could not start the embedded agent service: ${startFailure(
          error,
          'Is another demo running? Set AGENT_SERVICE_PORT to use another port.',
        )}`,
      ),
    );
    const apiKey = agentApiToken || demoApiKey(dataDir);
    const running = service;
    agentApiToken = await (async () => {
      if (await alreadySeeded(running.url, apiKey)) return apiKey;
      console.log('agent-chat: seeding the demo agent and its documents…');
      return (await running.seedDemo({ apiKey })).apiKey;
    })().catch((error: unknown) => fail(`could not seed the demo: ${errorMessage(error)}`));
    datastoreId = DEMO_DATASTORE_ID;
  }

  // Listen before building the app, so the URL printed is the one actually bound.
  let handle: RequestListener = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handle(req, res));
  const address = await listen(server, listenOptions).catch((error: unknown) =>
    fail(
      `could not listen on ${listenOptions.host}:${listenOptions.port}: ${startFailure(
        error,
        'Set PORT to use another port.',
      )}`,
    ),
  );
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  const url = `http://${host}:${address.port}`;

  const options = demoBffOptions({
    upstreamUrl: service?.url ?? (upstreamUrl as string),
    agentApiToken: agentApiToken as string,
    adminToken,
    visitorSecret: demoVisitorSecret(dataDir),
  });
  // The demo page chats with the first allowed agent (`demo` with the embedded service).
  const allowed = options.allowedAgents;
  const agentId =
    (Array.isArray(allowed) ? allowed.find((id) => id !== '*') : undefined) ?? DEFAULT_AGENT_ID;
  const { app, bff } = createDemoApp({ ...options, agentId });
  app.set('trust proxy', listenOptions.trustProxy);
  handle = app;

  console.log('');
  console.log(`  agent-chat demo is running: open ${url}/`);
  console.log('');
  console.log(
    `  agent service  ${service ? `${service.url} (embedded, data in ${env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : dataDir})` : options.upstreamUrl}`,
  );
  if (datastoreId) {
    const keyNote = env.AGENT_API_TOKEN
      ? 'API key: AGENT_API_TOKEN'
      : `API key in ${resolve(dataDir, 'demo-api-key')}`;
    console.log(`  demo datastore ${datastoreId} (${keyNote})`);
  }
  console.log(`  console        ${url}/admin/ (sign in with the admin token)`);
  console.log(`  admin token    ${adminToken}`);
  console.log(`  try            curl -N -X POST ${url}/api/agents/${agentId}/query \\`);
  console.log(
    `                   -H 'Content-Type: application/json' -d '{"query":"How do I embed the widget?","streaming":true}'`,
  );
  console.log('');
  console.log('  Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      console.log(`\n  ${signal} again: exiting now.`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n  ${signal}: stopping… (press Ctrl-C again to exit at once)`);
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

import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { ERROR_CODES, isQueryResponse } from '@agent-chat/protocol';
import express from 'express';
import fc from 'fast-check';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  type HostileReply,
  type HostileRequest,
  hostileRequest,
  problemWith,
  type RouteTemplate,
  sendHostile,
} from '../../../testing/hostile-requests.js';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { type BffRouter, createBff } from './create-bff.js';
import { sendError } from './http/index.js';
import type { BffOptions } from './options/index.js';
import { createStandaloneBff } from './standalone-bff.js';
import { listenOnLoopback } from './testing/loopback-server.js';

const ADMIN_TOKEN = 'property-admin-token-0123456789';
/** Longest a single generated request may take before it counts as a hang, ms. */
const REQUEST_TIMEOUT_MS = 5_000;
const RUNS = 60;

/** Every route of the BFF: the public one, the seven admin operations, ops, widget. */
const ROUTES: RouteTemplate[] = [
  { method: 'POST', path: '/api/agents/:id/query' },
  { method: 'PATCH', path: '/api/agents/:id' },
  { method: 'DELETE', path: '/api/agents/:id' },
  { method: 'PATCH', path: '/api/datastores/:id' },
  { method: 'DELETE', path: '/api/datastores/:id' },
  { method: 'DELETE', path: '/api/datasources/:id' },
  { method: 'POST', path: '/api/datastores/update/:id' },
  { method: 'POST', path: '/api/datastores/upsert/:id' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
  { method: 'GET', path: '/widget.js' },
  { method: 'GET', path: '/assets/:id.js' },
];

let service: RunningAgentService;
let apiKey: string;

beforeAll(async () => {
  service = await startAgentService({ port: 0, database: await createTestDatabase() });
  ({ apiKey } = await service.seedDemo());
});
afterAll(async () => {
  await service?.close();
});

/** A BFF in front of the real agent service, served as `mode` says, with captured logs. */
async function startTarget(mode: 'standalone' | 'mounted') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const options: BffOptions = {
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    adminToken: ADMIN_TOKEN,
    allowedAgents: '*',
    rateLimit: { perIp: 1_000_000, perVisitor: 1_000_000 },
    maxStreamsPerVisitor: 1_000,
    bodyTimeoutMs: 2_000,
    logger: pino({ level: 'debug' }, sink),
  };
  let bff: BffRouter;
  let server: Server;
  if (mode === 'standalone') {
    const standalone = createStandaloneBff(options);
    bff = standalone.bff;
    server = createServer(standalone.listener);
  } else {
    bff = createBff(options);
    const app = express();
    app.use('/chat', bff);
    app.use((req, res) => {
      sendError(res, 404, ERROR_CODES.notFound, `No ${req.method} ${req.path} on the host.`);
    });
    server = createServer(app);
  }
  const { url, close } = await listenOnLoopback(server);
  return {
    base: mode === 'standalone' ? url : `${url}/chat`,
    logs: () => lines.join(''),
    async close() {
      await bff.shutdown(0);
      await close();
    },
  };
}

/** What a 2xx must be: a query response or a complete stream on the query route, JSON elsewhere. */
function invalidSuccess(request: HostileRequest, reply: HostileReply): string | undefined {
  if (reply.status < 200 || reply.status >= 300 || reply.status === 204) return undefined;
  const type = String(reply.headers['content-type'] ?? '');
  if (type.startsWith('text/event-stream')) {
    const end = reply.body.trimEnd();
    return /data: (\[DONE\]|\[ERROR\][^\n]*)$/.test(end) ? undefined : 'a stream without an end';
  }
  if (type.startsWith('application/json')) {
    let value: unknown;
    try {
      value = JSON.parse(reply.body);
    } catch {
      return 'a JSON 2xx that does not parse';
    }
    if (/\/query\/?(\?|$)/.test(request.path) && request.method === 'POST') {
      return isQueryResponse(value) ? undefined : 'a query answer that is not a query response';
    }
  }
  return undefined;
}

describe.each(['standalone', 'mounted'] as const)(
  'every BFF route, %s, under generated input',
  (mode) => {
    let target: Awaited<ReturnType<typeof startTarget>>;
    beforeAll(async () => {
      target = await startTarget(mode);
    });
    afterAll(async () => {
      await target?.close();
    });

    it.each(ROUTES)(
      '$method $path: a 4xx JSON error or a valid reply, in bounded time',
      async (route) => {
        await fc.assert(
          fc.asyncProperty(hostileRequest(route, ADMIN_TOKEN), async (request) => {
            const reply = await sendHostile(target.base, request, REQUEST_TIMEOUT_MS);
            expect(problemWith(reply), JSON.stringify(request).slice(0, 500)).toBeUndefined();
            expect(
              invalidSuccess(request, reply),
              JSON.stringify(request).slice(0, 500),
            ).toBeUndefined();
            expect(reply.body).not.toContain(apiKey);
            expect(JSON.stringify(reply.headers)).not.toContain(apiKey);
          }),
          { numRuns: RUNS },
        );
        const logs = target.logs();
        expect(logs).not.toContain(apiKey);
        expect(logs).not.toContain('t0k3n');
        expect(logs).not.toContain('unhandled error');
        const health = await fetch(`${target.base}/healthz`);
        expect(health.status).toBe(200);
      },
    );
  },
);

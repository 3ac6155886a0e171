import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostileRequest,
  problemWith,
  type RouteTemplate,
  sendHostile,
} from '../../../../testing/hostile-requests.js';
import { createJsonLogger } from '../logger.js';
import { type RunningAgentService, startAgentService } from '../server.js';
import { createTestDatabase } from '../testing/index.js';

/** Longest a single generated request may take before it counts as a hang, ms. */
const REQUEST_TIMEOUT_MS = 5_000;
const RUNS = 80;

/** Every route of the service's API, with `:id` generated. */
const ROUTES: RouteTemplate[] = [
  { method: 'GET', path: '/api/agents' },
  { method: 'POST', path: '/api/agents' },
  { method: 'GET', path: '/api/agents/:id' },
  { method: 'PATCH', path: '/api/agents/:id' },
  { method: 'DELETE', path: '/api/agents/:id' },
  { method: 'POST', path: '/api/agents/:id/query' },
  { method: 'GET', path: '/api/datastores' },
  { method: 'POST', path: '/api/datastores' },
  { method: 'GET', path: '/api/datastores/:id' },
  { method: 'GET', path: '/api/datastores/:id/datasources' },
  { method: 'PATCH', path: '/api/datastores/:id' },
  { method: 'DELETE', path: '/api/datastores/:id' },
  { method: 'POST', path: '/api/datastores/upsert/:id' },
  { method: 'POST', path: '/api/datastores/update/:id' },
  { method: 'GET', path: '/api/datasources/:id' },
  { method: 'DELETE', path: '/api/datasources/:id' },
  { method: 'GET', path: '/healthz' },
];

let service: RunningAgentService;
let apiKey: string;
const lines: string[] = [];

beforeAll(async () => {
  service = await startAgentService({
    port: 0,
    database: await createTestDatabase(),
    logger: createJsonLogger((line) => lines.push(line)),
  });
  ({ apiKey } = await service.seedDemo());
});
afterAll(async () => {
  await service?.close();
});

describe('every route of the agent service under generated input', () => {
  it.each(ROUTES)(
    '$method $path: a 4xx JSON error or a valid reply, in bounded time',
    async (route) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(route, apiKey), async (request) => {
          const reply = await sendHostile(service.url, request, REQUEST_TIMEOUT_MS);
          expect(problemWith(reply), JSON.stringify(request).slice(0, 500)).toBeUndefined();
          if (reply.status >= 200 && reply.status < 300 && reply.status !== 204) {
            const type = String(reply.headers['content-type'] ?? '');
            if (type.startsWith('application/json'))
              expect(() => JSON.parse(reply.body)).not.toThrow();
            if (type.startsWith('text/event-stream')) {
              expect(reply.body.trimEnd()).toMatch(/data: (\[DONE\]|\[ERROR\][^\n]*)$/);
            }
          }
          expect(reply.body).not.toContain(apiKey);
        }),
        { numRuns: RUNS },
      );
      expect(lines.join('\n')).not.toContain(apiKey);
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
    },
  );
});

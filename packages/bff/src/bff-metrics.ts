import type { ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The BFF's Prometheus metrics, in a registry of their own (never prom-client's global one). */
export interface BffMetrics {
  registry: Registry;
  /** Counts finished (or abandoned) requests by route, method and status. */
  countRequests: RequestHandler;
  /** Records the time from request to the first event sent to the browser, in seconds. */
  observeTimeToFirstEvent(seconds: number): void;
  /** Counts an upstream failure by the code the browser got. */
  countUpstreamError(code: string): void;
  /** Counts a request rejected by a rate limit or the stream cap. */
  countRateLimited(limit: 'ip' | 'visitor' | 'streams'): void;
}

const routeOf = Symbol('agent-chat.routeLabel');

/** The route label of a response being counted, kept on it (no closure per request). */
interface CountedResponse extends ServerResponse {
  [routeOf]?: string | undefined;
}

/** Low-cardinality route label from the path (ids never become label values). */
export function routeLabel(req: Request): string {
  const path = req.path;
  if (/^\/api\/agents\/[^/]+\/query\/?$/.test(path)) return 'query';
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path.slice(1);
  if (path.startsWith('/api/')) return 'admin';
  if (/^\/widget[^/]*\.js$/.test(path) || path.startsWith('/widget/')) return 'widget';
  return 'other';
}

/**
 * Creates the metrics of one BFF instance:
 * `agent_chat_bff_requests_total{route,method,status}`, `agent_chat_bff_active_streams`,
 * `agent_chat_bff_time_to_first_event_seconds`, `agent_chat_bff_upstream_errors_total{code}`,
 * `agent_chat_bff_rate_limited_total{limit}`.
 */
export function createBffMetrics(activeStreams: () => number): BffMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'agent_chat_bff_requests_total',
    help: 'HTTP requests answered by the BFF, by route, method and status (0 = client went away).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'agent_chat_bff_active_streams',
    help: 'Query streams currently relayed to browsers.',
    registers: [registry],
    collect() {
      this.set(activeStreams());
    },
  });
  const timeToFirstEvent = new Histogram({
    name: 'agent_chat_bff_time_to_first_event_seconds',
    help: 'Time from receiving a streaming query to sending its first event to the browser.',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30],
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'agent_chat_bff_upstream_errors_total',
    help: 'Upstream failures (unreachable, timeouts, error statuses, broken streams), by code.',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'agent_chat_bff_rate_limited_total',
    help: 'Queries rejected by a rate limit or the per-visitor stream cap.',
    labelNames: ['limit'] as const,
    registers: [registry],
  });

  // One counter child per label set, looked up by a flat key instead of hashing labels.
  const requestCounters = new Map<string, Counter.Internal>();
  // `close` comes once per response, after `finish` when it finished: one shared listener.
  function countRequest(this: CountedResponse): void {
    const route = this[routeOf];
    if (route === undefined) return;
    this[routeOf] = undefined;
    const status = this.writableFinished || this.headersSent ? String(this.statusCode) : '0';
    const method = this.req.method ?? '';
    const key = `${route} ${method} ${status}`;
    let counter = requestCounters.get(key);
    if (!counter) {
      counter = requests.labels({ route, method, status });
      requestCounters.set(key, counter);
    }
    counter.inc();
  }

  return {
    registry,
    countRequests(req, res, next) {
      (res as unknown as CountedResponse)[routeOf] = routeLabel(req);
      res.on('close', countRequest);
      next();
    },
    observeTimeToFirstEvent: (seconds) => timeToFirstEvent.observe(seconds),
    countUpstreamError: (code) => upstreamErrors.inc({ code }),
    countRateLimited: (limit) => rateLimited.inc({ limit }),
  };
}

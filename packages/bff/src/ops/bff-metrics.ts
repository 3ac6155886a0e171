import type { ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The BFF's Prometheus metrics, in a registry of their own (never prom-client's global one). */
export interface BffMetrics {
  registry: Registry;
  /** Counts a response that closed (finished or abandoned), by route, method and status. */
  countResponse(res: ServerResponse, url: string): void;
  /** Records the time from request to the first event sent to the browser, in seconds. */
  observeTimeToFirstEvent(seconds: number): void;
  /** Counts an upstream failure by the code the browser got. */
  countUpstreamError(code: string): void;
  /** Counts a request rejected by a rate limit or the stream cap. */
  countRateLimited(limit: 'ip' | 'visitor' | 'streams'): void;
  /** Counts a request that met an unreachable shared rate limit store (Redis). */
  countRateLimitStoreError(): void;
}

/** What the metrics read at scrape time. */
export interface MetricSources {
  /** Number of open relayed streams. */
  activeStreams(): number;
  /** Whether the shared rate limit store is usable; `undefined` without one (no gauge then). */
  rateLimitStoreUp?(): boolean | undefined;
}

type RequestLabels = { route: string; method: string; status: string };

/** Low-cardinality route label from a request URL (ids never become label values). */
function routeLabel(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  if (/^\/api\/agents\/[^/]+\/query\/?$/i.test(path)) return 'query';
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return path.slice(1);
  if (path.startsWith('/api/')) return 'admin';
  if (/^\/widget[^/]*\.js$/.test(path) || path.startsWith('/widget/')) return 'widget';
  return 'other';
}

/**
 * Creates the metrics of one BFF instance:
 * `agent_chat_bff_requests_total{route,method,status}`, `agent_chat_bff_active_streams`,
 * `agent_chat_bff_time_to_first_event_seconds`, `agent_chat_bff_upstream_errors_total{code}`,
 * `agent_chat_bff_rate_limited_total{limit}`, `agent_chat_bff_rate_limit_store_errors_total`
 * and, with Redis, `agent_chat_bff_rate_limit_store_up` (1 or 0).
 */
export function createBffMetrics(sources: MetricSources): BffMetrics {
  const { activeStreams } = sources;
  const registry = new Registry();
  // Counted in a plain map and handed to prom-client at scrape time: a request costs one
  // map update instead of prom-client's label hashing.
  const requestCounts = new Map<string, { labels: RequestLabels; count: number }>();
  new Counter({
    name: 'agent_chat_bff_requests_total',
    help: 'HTTP requests answered by the BFF, by route, method and status (0 = client went away).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, count } of requestCounts.values()) this.inc(labels, count);
    },
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

  const storeErrors = new Counter({
    name: 'agent_chat_bff_rate_limit_store_errors_total',
    help: 'Queries that met an unreachable shared rate limit store (served or refused as REDIS_UNAVAILABLE says).',
    registers: [registry],
  });
  new Gauge({
    name: 'agent_chat_bff_rate_limit_store_up',
    help: 'Whether the shared rate limit store (Redis) is connected and ready: 1 or 0. Absent without Redis.',
    registers: [registry],
    collect() {
      const up = sources.rateLimitStoreUp?.();
      if (up === undefined) this.reset();
      else this.set(up ? 1 : 0);
    },
  });

  function countResponse(res: ServerResponse, url: string): void {
    const route = routeLabel(url);
    const method = res.req.method ?? '';
    const status = res.writableFinished || res.headersSent ? res.statusCode : 0;
    const key = `${route} ${method} ${status}`;
    const entry = requestCounts.get(key);
    if (entry) {
      entry.count += 1;
    } else {
      requestCounts.set(key, { labels: { route, method, status: String(status) }, count: 1 });
    }
  }

  return {
    registry,
    countResponse,
    observeTimeToFirstEvent: (seconds) => timeToFirstEvent.observe(seconds),
    countUpstreamError: (code) => upstreamErrors.inc({ code }),
    countRateLimited: (limit) => rateLimited.inc({ limit }),
    countRateLimitStoreError: () => storeErrors.inc(),
  };
}

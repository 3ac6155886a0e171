import { ERROR_CODES } from '@agent-chat/protocol';
import express, { type Router } from 'express';
import type { Registry } from 'prom-client';
import { sendError } from '../http/index.js';
import { createRelayControl, type UpstreamClient } from '../upstream/index.js';

/** What the operations routes report on. */
export interface OpsRoutesOptions {
  upstream: UpstreamClient;
  registry: Registry;
  isShuttingDown(): boolean;
  /** `undefined` without Redis; otherwise whether the shared rate limit store is usable. */
  rateLimitStoreReady(): boolean | undefined;
  /** Whether queries are refused without the store (fail-closed): then `/readyz` needs it. */
  rateLimitStoreRequired: boolean;
  /** Longest wait for the upstream in `/readyz`, ms. */
  probeTimeoutMs: number;
}

/**
 * `GET /healthz` (the process answers), `GET /readyz` (not shutting down, the upstream
 * answers HTTP at all: any status counts, the token is not sent, and, when queries are
 * refused without it, the rate limit store is ready), `GET /metrics`
 * (Prometheus text of this instance's registry).
 */
export function createOpsRoutes(options: OpsRoutesOptions): Router {
  const router = express.Router();

  router.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (options.isShuttingDown()) {
      sendError(res, 503, ERROR_CODES.shuttingDown, 'The chat server is shutting down.');
      return;
    }
    const control = createRelayControl();
    control.arm(options.probeTimeoutMs);
    const onClose = () => control.abort('client');
    req.on('close', onClose);
    let reachable = false;
    try {
      const response = await options.upstream.request({
        method: 'GET',
        path: '/',
        control,
        authorize: false,
      });
      response.body.resume();
      reachable = true;
    } catch {
      reachable = false;
    } finally {
      control.disarm();
      req.off('close', onClose);
    }
    const store = options.rateLimitStoreReady();
    const rateLimitStore = store === undefined ? 'memory' : store ? 'redis' : 'redis-unavailable';
    if (reachable && store === false && options.rateLimitStoreRequired) {
      res.status(503).json({
        error: {
          code: ERROR_CODES.unavailable,
          message: 'The rate limit store (Redis) could not be reached, and queries need it.',
        },
        upstream: 'reachable',
        rateLimitStore,
      });
      return;
    }
    if (!reachable) {
      res.status(503).json({
        error: {
          code: ERROR_CODES.upstreamError,
          message: 'The agent service could not be reached.',
        },
        upstream: 'unreachable',
        rateLimitStore,
      });
      return;
    }
    res.json({ status: 'ready', upstream: 'reachable', rateLimitStore });
  });

  router.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', options.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await options.registry.metrics());
  });

  return router;
}

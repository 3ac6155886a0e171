import type { RequestListener } from 'node:http';
import { createBff } from '@agent-chat/bff';
import express from 'express';
import pino from 'pino';
import type { BenchBffOptions } from './child-protocol.js';

/**
 * The BFF under test, mounted in a plain Express 5 app: every public middleware on, with
 * rate limits and the per-visitor stream cap raised far above what the bench sends (the
 * bench measures the relay, not the limiter's verdicts) and request logs optional.
 */
export function createBenchBff(options: BenchBffOptions): {
  handle: RequestListener;
  close: () => Promise<void>;
} {
  const logger = options.logRequests
    ? pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false }))
    : false;
  const bff = createBff({
    upstreamUrl: options.upstreamUrl,
    agentApiToken: 'bench-upstream-token',
    allowedAgents: '*',
    allowedOrigins: '*',
    rateLimit: { windowMs: 60_000, perIp: 1_000_000_000, perVisitor: 1_000_000_000 },
    maxStreamsPerVisitor: 1_000_000,
    heartbeatMs: 60_000,
    logger,
    ...(options.widgetDir ? { widgetDir: options.widgetDir } : {}),
  });
  const app = express();
  app.use(bff);
  return { handle: app as unknown as RequestListener, close: () => bff.shutdown(0) };
}

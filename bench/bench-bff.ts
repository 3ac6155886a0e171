import { openSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import {
  type BffOptions,
  createBff,
  createDefaultLogger,
  createStandaloneBff,
} from '@agent-chat/bff';
import express from 'express';
import type { BenchBffOptions } from './child-protocol.js';

/**
 * The BFF under test with every public middleware on, and rate limits and the per-visitor
 * stream cap raised far above what the bench sends (the bench measures the relay, not the
 * limiter's verdicts); request logs optional.
 *
 * - default: the standalone server as `agent-chat-bff` runs it (`createStandaloneBff`: the
 *   public query route served outside Express);
 * - `mounted`: `createBff()` mounted in a site's own Express 5 app.
 */
export function createBenchBff(options: BenchBffOptions): {
  handle: RequestListener;
  close: () => Promise<void>;
} {
  const logger = options.logRequests
    ? createDefaultLogger('info', openSync('/dev/null', 'w'))
    : false;
  const bffOptions: BffOptions = {
    upstreamUrl: options.upstreamUrl,
    agentApiToken: options.agentApiToken ?? 'bench-upstream-token',
    allowedAgents: '*',
    allowedOrigins: '*',
    rateLimit: {
      windowMs: 60_000,
      perIp: 1_000_000_000,
      perVisitor: 1_000_000_000,
      searchPerIp: 1_000_000_000,
      searchPerVisitor: 1_000_000_000,
    },
    maxStreamsPerVisitor: 1_000_000,
    heartbeatMs: 60_000,
    logger,
    ...(options.widgetDir ? { widgetDir: options.widgetDir } : {}),
  };
  if (options.mounted) {
    const bff = createBff(bffOptions);
    const app = express();
    app.use(bff);
    return { handle: app as unknown as RequestListener, close: () => bff.shutdown(0) };
  }
  const standalone = createStandaloneBff(bffOptions);
  return { handle: standalone.listener, close: () => standalone.bff.shutdown(0) };
}

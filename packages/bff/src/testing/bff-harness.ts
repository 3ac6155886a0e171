import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import { type BffRouter, createBff } from '../create-bff.js';
import type { BffOptions } from '../options/index.js';
import { createStandaloneBff } from '../standalone-bff.js';
import { listenOnLoopback } from './loopback-server.js';

/**
 * A BFF on 127.0.0.1 and a free port, with captured logs: mounted at `/chat` in a host
 * Express app, or, when `BFF_HARNESS=standalone` (the `bff-standalone` test project), served
 * as the standalone server does it (`createStandaloneBff`: the query route outside Express).
 */
export interface BffHarness {
  /** Base URL of the BFF, e.g. `http://127.0.0.1:1234/chat` (standalone: the origin). */
  url: string;
  /** Origin of the host app, e.g. `http://127.0.0.1:1234`. */
  origin: string;
  bff: BffRouter;
  /** Every log line written so far, as one string. */
  logs(): string;
  close(): Promise<void>;
}

/** The token tests give the BFF; it must never show up outside upstream requests. */
export const TEST_TOKEN = 'sk-test-SECRET-4f9c2b7e1d';

/** How the harness serves the BFF (see {@link BffHarness}). */
export const HARNESS_MODE: 'mounted' | 'standalone' =
  process.env.BFF_HARNESS === 'standalone' ? 'standalone' : 'mounted';

/** Starts the BFF as {@link BffHarness} says. For tests only. */
export async function startBff(
  options: Partial<BffOptions> & Pick<BffOptions, 'upstreamUrl'>,
): Promise<BffHarness> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const bffOptions = {
    agentApiToken: TEST_TOKEN,
    allowedAgents: '*' as const,
    logger: pino({ level: 'debug' }, sink),
    ...options,
  };
  let bff: BffRouter;
  let server: Server;
  if (HARNESS_MODE === 'standalone') {
    const standalone = createStandaloneBff(bffOptions);
    bff = standalone.bff;
    server = createServer(standalone.listener);
  } else {
    bff = createBff(bffOptions);
    const app = express();
    app.use('/chat', bff);
    server = createServer(app);
  }
  const { url: origin, close } = await listenOnLoopback(server);
  return {
    url: HARNESS_MODE === 'standalone' ? origin : `${origin}/chat`,
    origin,
    bff,
    logs: () => lines.join(''),
    async close() {
      await bff.shutdown(0);
      await close();
    },
  };
}

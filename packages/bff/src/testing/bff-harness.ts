import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import type { BffOptions } from '../bff-options.js';
import { type BffRouter, createBff } from '../create-bff.js';

/** A BFF mounted at `/chat` in a host app on 127.0.0.1 and a free port, with captured logs. */
export interface BffHarness {
  /** Base URL of the mount, e.g. `http://127.0.0.1:1234/chat`. */
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

/** Starts a host app with `app.use('/chat', createBff(options))`. For tests only. */
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
  const bff = createBff({
    agentApiToken: TEST_TOKEN,
    allowedAgents: '*',
    logger: pino({ level: 'debug' }, sink),
    ...options,
  });
  const app = express();
  app.use('/chat', bff);
  const server: Server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/chat`,
    origin,
    bff,
    logs: () => lines.join(''),
    async close() {
      await bff.shutdown(0);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES } from '@agent-chat/protocol';
import express from 'express';
import type { BffOptions } from './bff-options.js';
import { createBff } from './create-bff.js';
import { sendError } from './send-error.js';

/** Options of {@link startBff}: the BFF's own options plus where and how to listen. */
export interface StartBffOptions extends BffOptions {
  /** Port to listen on; `0` picks a free one. Env `PORT`. Default 3000. */
  port?: number;
  /** Address to listen on. Env `HOST`. Default `127.0.0.1` (use `0.0.0.0` in containers). */
  host?: string;
  /**
   * Express `trust proxy` setting: `true`, a hop count, or addresses/subnets. Env
   * `TRUST_PROXY`. Default `false`. Set it behind a load balancer, or rate limits see one IP.
   */
  trustProxy?: boolean | number | string;
}

/** A running standalone BFF. */
export interface RunningBff {
  /** Base URL, e.g. `http://127.0.0.1:3000` (a wildcard host is shown as 127.0.0.1). */
  url: string;
  /** The HTTP server. */
  server: Server;
  /**
   * Graceful shutdown: stops accepting connections, lets open streams finish within
   * `shutdownGraceMs` (then ends them with an `[ERROR]SHUTTING_DOWN` frame), closes
   * keep-alive sockets, and resolves when the server is closed. Safe to call twice.
   */
  close(): Promise<void>;
}

function displayHost(address: AddressInfo): string {
  const host = address.address;
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return address.family === 'IPv6' ? `[${host}]` : host;
}

/**
 * Runs the BFF as a standalone server: an Express app with `x-powered-by` off,
 * `trust proxy` as configured, {@link createBff} mounted at `/` and a JSON 404 for
 * everything else.
 *
 * @example
 * ```ts
 * const bff = await startBff({ upstreamUrl, agentApiToken, port: 0 });
 * console.log(bff.url);
 * process.once('SIGTERM', () => void bff.close());
 * ```
 */
export async function startBff(options: StartBffOptions): Promise<RunningBff> {
  const { port = 3000, host = '127.0.0.1', trustProxy = false, ...bffOptions } = options;
  const bff = createBff(bffOptions);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  let closing = false;
  app.use(function closeConnectionsWhenClosing(_req, res, next) {
    // Tell keep-alive clients to reconnect elsewhere while we drain.
    if (closing) res.setHeader('Connection', 'close');
    next();
  });
  app.use('/', bff);
  app.use(function notFound(req, res) {
    sendError(
      res,
      404,
      ERROR_CODES.notFound,
      `There is no ${req.method} ${req.path} on this server.`,
    );
  });

  const server = app.listen(port, host);
  try {
    await once(server, 'listening');
  } catch (error) {
    await bff.shutdown(0);
    throw error;
  }
  const url = `http://${displayHost(server.address() as AddressInfo)}:${(server.address() as AddressInfo).port}`;

  let closed: Promise<void> | undefined;
  async function close(): Promise<void> {
    closing = true;
    const serverClosed = new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
    });
    server.closeIdleConnections();
    await bff.shutdown();
    server.closeAllConnections();
    await serverClosed;
  }

  return {
    url,
    server,
    close() {
      closed ??= close();
      return closed;
    },
  };
}

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BffError, INVALID_OPTIONS } from './bff-error.js';
import { resolveServerOptions, type ServerOptions } from './options/index.js';
import { createStandaloneBff, type StandaloneBffOptions } from './standalone-bff.js';

/**
 * Options of {@link startBff}: the BFF's own options plus where and how to listen: `port`
 * (`0` picks a free one; env `PORT`; default 3000), `host` (env `HOST`; default
 * `127.0.0.1`, use `0.0.0.0` in containers), and the connection timeouts
 * `headersTimeoutMs` (15 s), `requestTimeoutMs` (30 s) and `keepAliveTimeoutMs` (5 s).
 */
export type StartBffOptions = StandaloneBffOptions &
  Pick<
    ServerOptions,
    'port' | 'host' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'
  >;

/** Longest interval at which Node checks connections against the header and request timeouts, ms. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

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
 * Runs the BFF as a standalone server ({@link createStandaloneBff}) on `host:port`, with
 * deliberate connection timeouts: a client that has not sent its headers within
 * `headersTimeoutMs`, or its whole request within `requestTimeoutMs`, gets 408 and is
 * closed (checked every second, not Node's 30 s); idle keep-alive connections close after
 * `keepAliveTimeoutMs`. Streamed answers are not cut by any of them.
 *
 * @example
 * ```ts
 * const bff = await startBff({ upstreamUrl, agentApiToken, port: 0 });
 * console.log(bff.url);
 * process.once('SIGTERM', () => void bff.close());
 * ```
 */
export async function startBff(options: StartBffOptions): Promise<RunningBff> {
  const { port, host, headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, ...rest } = options;
  const listen = resolveServerOptions({
    port,
    host,
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs,
  });
  if (listen.headersTimeoutMs > listen.requestTimeoutMs) {
    throw new BffError(
      INVALID_OPTIONS,
      `headersTimeoutMs (${listen.headersTimeoutMs}) must not be longer than requestTimeoutMs (${listen.requestTimeoutMs}).`,
    );
  }
  const { bff, listener, startClosing } = createStandaloneBff(rest);
  const server = createServer(
    {
      headersTimeout: listen.headersTimeoutMs,
      requestTimeout: listen.requestTimeoutMs,
      keepAliveTimeout: listen.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, listen.headersTimeoutMs),
    },
    listener,
  );
  server.listen(listen.port, listen.host);
  try {
    await once(server, 'listening');
  } catch (error) {
    await bff.shutdown(0);
    throw error;
  }
  const url = `http://${displayHost(server.address() as AddressInfo)}:${(server.address() as AddressInfo).port}`;

  let closed: Promise<void> | undefined;
  async function close(): Promise<void> {
    startClosing();
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

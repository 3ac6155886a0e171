import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveServerOptions, type ServerOptions } from './options/index.js';
import { createStandaloneBff, type StandaloneBffOptions } from './standalone-bff.js';

/**
 * Options of {@link startBff}: the BFF's own options plus where and how to listen: `port`
 * (`0` picks a free one; env `PORT`; default 3000) and `host` (env `HOST`; default
 * `127.0.0.1`, use `0.0.0.0` in containers).
 */
export type StartBffOptions = StandaloneBffOptions & Pick<ServerOptions, 'port' | 'host'>;

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
 * Runs the BFF as a standalone server ({@link createStandaloneBff}) on `host:port`.
 *
 * @example
 * ```ts
 * const bff = await startBff({ upstreamUrl, agentApiToken, port: 0 });
 * console.log(bff.url);
 * process.once('SIGTERM', () => void bff.close());
 * ```
 */
export async function startBff(options: StartBffOptions): Promise<RunningBff> {
  const { port, host, ...standaloneOptions } = options;
  const listen = resolveServerOptions({ port, host });
  const { bff, listener, startClosing } = createStandaloneBff(standaloneOptions);
  const server = createServer(listener);
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

import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test server listening on 127.0.0.1 at a port the OS picked. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Ends its open connections (keep-alive sockets, streams), then stops listening. */
  close(): Promise<void>;
}

/** Starts `server` (not yet listening) on 127.0.0.1 and port 0. For tests only. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

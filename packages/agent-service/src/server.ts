import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AgentService,
  type AgentServiceOptions,
  createAgentService,
} from './agent-service.js';

/** Options of {@link startAgentService}. */
export interface StartAgentServiceOptions extends AgentServiceOptions {
  /** Port to listen on; 0 picks a free one. Default 3001. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1` (local only). */
  host?: string;
}

/** A listening agent service. */
export interface RunningAgentService extends Omit<AgentService, 'close'> {
  /** Base URL, e.g. `http://127.0.0.1:43210` (the real port when started on port 0). */
  url: string;
  /** Stops listening (open streams are ended) and closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the agent service on `host:port`.
 *
 * @example
 * const service = await startAgentService({ port: 0 });
 * const { apiKey, agentId } = await service.seedDemo();
 * // POST `${service.url}/api/agents/${agentId}/query` with `Authorization: Bearer ${apiKey}`
 * await service.close();
 */
export async function startAgentService(
  options: StartAgentServiceOptions = {},
): Promise<RunningAgentService> {
  const service = await createAgentService(options);
  const server = createServer(service.app);
  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 3001, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    ...service,
    url: `http://${urlHost}:${port}`,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await service.close();
      })();
      return closing;
    },
  };
}

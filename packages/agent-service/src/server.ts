import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AgentService, createAgentService } from './agent-service.js';
import { scheduleRetention } from './conversations/index.js';
import { resolveServerOptions, type StartAgentServiceOptions } from './options/index.js';

/** A listening agent service. */
export interface RunningAgentService extends Omit<AgentService, 'close'> {
  /** Base URL, e.g. `http://127.0.0.1:43210` (the real port when started on port 0). */
  url: string;
  /**
   * Stops listening, lets requests in flight finish (up to `shutdownGraceMs`, then cuts
   * them) and closes the database.
   */
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
  const {
    port: listenPort,
    host,
    shutdownGraceMs,
    retentionIntervalMs,
  } = resolveServerOptions(options);
  const service = await createAgentService(options);
  const server = createServer(service.app);
  let inFlight = 0;
  let closingRequested = false;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      // Keep-alive sockets go idle after their last response: free them once nothing runs.
      if (closingRequested && inFlight === 0) server.closeAllConnections();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(listenPort, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await service.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const retention =
    options.conversationRetentionDays === undefined
      ? undefined
      : scheduleRetention(service.database, {
          retentionDays: options.conversationRetentionDays,
          intervalMs: retentionIntervalMs,
          ...(options.now ? { now: options.now } : {}),
          ...(options.logger ? { logger: options.logger } : {}),
        });
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  let closing: Promise<void> | undefined;
  return {
    ...service,
    url: `http://${urlHost}:${port}`,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          const cut = setTimeout(() => server.closeAllConnections(), shutdownGraceMs);
          closingRequested = true;
          server.close(() => {
            clearTimeout(cut);
            resolve();
          });
          if (inFlight === 0) server.closeAllConnections();
          else server.closeIdleConnections();
        });
        await retention?.stop();
        await service.close();
      })();
      return closing;
    },
  };
}

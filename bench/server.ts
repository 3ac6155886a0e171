/**
 * Entry of a bench child process: the only bench file that calls `listen()`. The parent
 * (see children.ts) forks it, sends `{type:'start', spec}`, and gets `{type:'ready', url}`
 * back; servers run in their own processes so the load client never shares their event
 * loop and each process has its own file-descriptor budget and RSS.
 */
import { createServer, type RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { ChildMessage, ChildSpec, ChildStats, ParentMessage } from './child-protocol.js';
import { createFakeUpstream, type FakeUpstream } from './fake-upstream.js';
import { createPipeRelay } from './pipe-relay.js';

interface Served {
  handle: RequestListener;
  upstream?: FakeUpstream;
  close?: () => void | Promise<void>;
  /** Returned to the parent with `ready` (e.g. an API key). */
  info?: Record<string, string>;
  counters?: () => Promise<Record<string, number>>;
  /**
   * Named pieces of work the parent can run inside the child and time there, e.g. a
   * reference measured in the same process as the figure it is compared with.
   */
  tasks?: Record<string, (input: unknown) => Promise<Record<string, number>>>;
}

async function build(spec: ChildSpec): Promise<Served> {
  switch (spec.kind) {
    case 'upstream': {
      const upstream = createFakeUpstream(spec.options);
      return { handle: upstream.handle, upstream, close: upstream.abortAll };
    }
    case 'pipe-relay': {
      const relay = createPipeRelay(spec.options);
      if (!spec.options.inExpress) return { handle: relay.handle, close: relay.close };
      const { default: express } = await import('express');
      const app = express();
      app.use(relay.handle);
      return { handle: app as unknown as RequestListener, close: relay.close };
    }
    case 'bff': {
      const { createBenchBff } = await import('./bench-bff.js');
      return createBenchBff(spec.options);
    }
    case 'widget-page': {
      const { createWidgetPage } = await import('./widget-page.js');
      return createWidgetPage(spec.options);
    }
    case 'agent-service': {
      const { createBenchAgentService } = await import('./bench-agent-service.js');
      return createBenchAgentService(spec.options ?? {});
    }
  }
}

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function start(spec: ChildSpec): Promise<void> {
  const served = await build(spec);
  const sockets = new Set<Socket>();
  const server = createServer({ noDelay: true }, served.handle);
  server.keepAliveTimeout = spec.kind === 'upstream' ? (spec.keepAliveTimeoutMs ?? 5_000) : 5_000;
  server.headersTimeout = 60_000;
  server.requestTimeout = 0;
  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1', backlog: 8192 }, resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('No TCP address.');

  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stats') {
      if (message.gc) globalThis.gc?.();
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const stats: ChildStats = {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        cpuMicros: cpu.user + cpu.system,
        connections: sockets.size,
        connectionsAccepted: accepted,
      };
      if (served.upstream) stats.upstream = served.upstream.stats();
      if (!served.counters) {
        send({ type: 'stats', id: message.id, stats });
        return;
      }
      served.counters().then(
        (counters) => send({ type: 'stats', id: message.id, stats: { ...stats, counters } }),
        () => send({ type: 'stats', id: message.id, stats }),
      );
    } else if (message.type === 'task') {
      const task = served.tasks?.[message.name];
      if (!task) {
        send({ type: 'task', id: message.id, error: `no task "${message.name}"` });
        return;
      }
      task(message.input).then(
        (result) => send({ type: 'task', id: message.id, result }),
        (error: unknown) =>
          send({
            type: 'task',
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
          }),
      );
    } else if (message.type === 'hold') {
      served.upstream?.hold();
    } else if (message.type === 'release') {
      served.upstream?.release();
    } else if (message.type === 'stop') {
      Promise.resolve(served.close?.())
        .catch(() => {})
        .finally(() => {
          server.closeAllConnections();
          server.close(() => process.exit(0));
          setTimeout(() => process.exit(0), 2_000).unref();
        });
    }
  });
  send({ type: 'ready', url: `http://127.0.0.1:${address.port}`, info: served.info ?? {} });
}

process.once('message', (message: ParentMessage) => {
  if (message.type !== 'start') return;
  start(message.spec).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));

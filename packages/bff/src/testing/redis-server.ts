import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect, vi } from 'vitest';

/** Whether `redis-server` can be started here (`.ci/run` installs it from Debian). */
export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

/** A free loopback TCP port (nothing listens on it once this resolves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A throwaway `redis-server` on loopback, without persistence. */
export interface TestRedis {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `redis-server` on a free loopback port; resolves once it accepts connections. */
export async function startRedisServer(): Promise<TestRedis> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // The caller's hook timeout bounds the wait; an early exit fails it with the output.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const exited = () => reject(new Error(`redis-server exited before it was ready: ${output}`));
    redis.once('exit', exited);
    redis.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('Ready to accept connections')) return;
      redis.off('exit', exited);
      resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    process: redis,
    async stop() {
      if (redis.exitCode !== null || redis.signalCode !== null) return;
      redis.kill('SIGCONT');
      redis.kill('SIGTERM');
      await once(redis, 'exit');
    },
  };
}

/**
 * Waits until the BFF at `url` counts its rate limits in Redis (its `/readyz` says
 * `rateLimitStore: "redis"`). Until its connection is up a replica counts on its own, so a
 * test of counts shared by replicas starts only after this.
 */
export async function untilRedisStoreReady(url: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const ready = (await (await fetch(`${url}/readyz`)).json()) as { rateLimitStore?: string };
      expect(ready.rateLimitStore, 'the Redis store becomes ready').toBe('redis');
    },
    { timeout: 10_000, interval: 20 },
  );
}

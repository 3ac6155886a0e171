import { spawn, spawnSync } from 'node:child_process';
import { freePort } from './free-port.js';

/** A throwaway Redis on 127.0.0.1 (no persistence). */
export interface SoakRedis {
  url: string;
  close(): Promise<void>;
}

/** Why the soak cannot have a Redis here, or undefined when `redis-server` runs. */
export function redisUnavailable(): string | undefined {
  return spawnSync('redis-server', ['--version']).status === 0
    ? undefined
    : '`redis-server` is not installed (`.ci/run` installs it from Debian: apt-get install redis-server)';
}

/** Starts `redis-server` on a free loopback port and resolves once it accepts connections. */
export async function startSoakRedis(timeoutMs = 20_000): Promise<SoakRedis> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => redis.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      redis.kill('SIGKILL');
      reject(new Error(`redis-server was not ready within ${timeoutMs} ms: ${output}`));
    }, timeoutMs);
    const early = () => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited before it was ready: ${output}`));
    };
    redis.once('exit', early);
    redis.stdout?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (!output.includes('Ready to accept connections')) return;
      clearTimeout(timer);
      redis.off('exit', early);
      resolve();
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      redis.kill('SIGTERM');
      await exited;
    },
  };
}

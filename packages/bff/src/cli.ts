#!/usr/bin/env node
/**
 * `agent-chat-bff`: runs the BFF standalone, configured by environment variables
 * (`agent-chat-bff --help` lists them). Prints the URL it listens on; SIGTERM/SIGINT shut
 * it down gracefully (open streams get `SHUTDOWN_GRACE_MS`); a second signal exits at once.
 */
import { readFileSync } from 'node:fs';
import { renderOptionHelp } from '@agent-chat/protocol/options';
import { BffError } from './bff-error.js';
import { BFF_ENV_VARIABLES, bffOptionsFromEnv, serverOptionsFromEnv } from './options/index.js';
import { startBff } from './server.js';

function version(): string {
  try {
    const json = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return json.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function help(): string {
  return [
    'agent-chat-bff — relays the agent API to browsers without exposing its token.',
    '',
    'Usage: UPSTREAM_URL=… AGENT_API_TOKEN=… agent-chat-bff',
    '',
    'Environment variables:',
    renderOptionHelp(BFF_ENV_VARIABLES),
    '',
    'Options: --help, --version',
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(help());
    return 0;
  }
  if (argv.includes('--version') || argv.includes('-v')) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  if (argv.length > 0) {
    process.stderr.write(`agent-chat-bff: unknown argument "${argv[0]}". Try --help.\n`);
    return 2;
  }

  let running: Awaited<ReturnType<typeof startBff>>;
  try {
    const options = bffOptionsFromEnv(process.env);
    const server = serverOptionsFromEnv(process.env);
    running = await startBff({ ...options, ...server });
    const upstream = new URL(options.upstreamUrl);
    process.stdout.write(
      `agent-chat-bff listening on ${running.url} (upstream ${upstream.origin}${upstream.pathname.replace(/\/$/, '')}, ` +
        `dialect ${options.upstreamDialect ?? 'spec'}, admin routes ${options.adminToken ? 'enabled' : 'disabled'})\n`,
    );
  } catch (error) {
    const message =
      error instanceof BffError || (error as { code?: unknown }).code === 'EADDRINUSE'
        ? (error as Error).message
        : `could not start: ${(error as Error).message}`;
    process.stderr.write(`agent-chat-bff: ${message}\n`);
    return 1;
  }

  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`agent-chat-bff: ${signal} again, exiting now\n`);
        resolve(1);
        return;
      }
      stopping = true;
      process.stdout.write(`agent-chat-bff: ${signal} received, shutting down\n`);
      running.close().then(
        () => {
          process.stdout.write('agent-chat-bff: stopped\n');
          resolve(0);
        },
        (error: unknown) => {
          process.stderr.write(`agent-chat-bff: shutdown failed: ${(error as Error).message}\n`);
          resolve(1);
        },
      );
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agent-chat-bff: ${(error as Error).message}\n`);
    process.exit(1);
  },
);

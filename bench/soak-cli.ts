/**
 * `npm run soak`: scale-out proven on one machine (see soak.ts). Prints the throughput and
 * errors per phase and the checks; exits non-zero when a check fails.
 *
 * Flags (each also an env variable):
 *   --duration-ms=180000   SOAK_DURATION_MS   length of the load (default 3 minutes)
 *   --chat-users=8         SOAK_CHAT_USERS
 *   --ingestion-users=2    SOAK_INGESTION_USERS
 *   --short                SOAK_SHORT=1       20 s of load, 4 chat users (what the test runs)
 *                          SOAK_DATABASE_URL  a PostgreSQL server to create the soak's database on
 *                                             (else TEST_DATABASE_URL, else a throwaway server)
 */
import { parseArgs } from 'node:util';
import { runSoak } from './soak.js';
import { renderSoakReport } from './soak-report.js';

const { values } = parseArgs({
  options: {
    'duration-ms': { type: 'string' },
    'chat-users': { type: 'string' },
    'ingestion-users': { type: 'string' },
    short: { type: 'boolean' },
  },
});
const short = values.short === true || process.env.SOAK_SHORT === '1';

function integer(flag: string | undefined, env: string, fallback: number): number {
  const text = flag ?? process.env[env] ?? String(fallback);
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${env} (or its flag) must be a positive integer, got "${text}".`);
  }
  return value;
}

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // The first signal stops the soak and everything it started; a second one exits at once.
    if (controller.signal.aborted) process.exit(130);
    console.error(`soak: ${signal}: stopping every process the soak started …`);
    controller.abort(new Error(`stopped by ${signal}`));
  });
}

const report = await runSoak({
  durationMs: integer(values['duration-ms'], 'SOAK_DURATION_MS', short ? 20_000 : 180_000),
  chatUsers: integer(values['chat-users'], 'SOAK_CHAT_USERS', short ? 4 : 8),
  ingestionUsers: integer(values['ingestion-users'], 'SOAK_INGESTION_USERS', 2),
  serverUrl: process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  downMs: 2_000,
  drainMs: 60_000,
  rateLimitPerIp: 20,
  tokenMs: 40,
  signal: controller.signal,
  log: (line) => console.log(`soak: ${line}`),
}).catch((error: unknown) => {
  console.error(`soak: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(controller.signal.aborted ? 130 : 1);
});
console.log(`\n${renderSoakReport(report)}`);
process.exitCode = report.pass ? 0 : 1;

import { describe, expect, it } from 'vitest';
import { runSoak } from './soak.js';
import { postgresUnavailable } from './soak-postgres.js';
import { redisUnavailable } from './soak-redis.js';
import { renderSoakReport } from './soak-report.js';

// A PostgreSQL server to create the soak's database on (`.ci/run` sets TEST_DATABASE_URL);
// without one the soak starts a throwaway server from the installed PostgreSQL.
const serverUrl = process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const missing = postgresUnavailable(serverUrl) ?? redisUnavailable();
if (missing) console.warn(`bench: the soak test is skipped: ${missing}.`);

describe.skipIf(missing !== undefined)('the soak, short (`npm run soak -- --short`)', () => {
  it('loses nothing acknowledged when a service and a BFF are killed mid-load', async () => {
    const lines: string[] = [];
    const report = await runSoak({
      durationMs: 20_000,
      chatUsers: 4,
      ingestionUsers: 2,
      serverUrl,
      downMs: 1_000,
      drainMs: 60_000,
      rateLimitPerIp: 10,
      tokenMs: 40,
      log: (line) => lines.push(line),
    });
    const text = renderSoakReport(report);
    expect(
      report.checks.filter((check) => !check.pass),
      text,
    ).toEqual([]);
    expect(report.checks.map((check) => check.name)).toEqual([
      'acknowledged datasources lost',
      'acknowledged datasources ingested',
      'stored messages lost',
      'stored messages duplicated',
      'interrupted streams ended with an error event or a closed connection',
      'rate limit enforced across the two BFFs after the kill',
      'killed processes restarted and serving',
    ]);
    expect(report.phases.map((phase) => phase.phase)).toEqual([
      'steady',
      'service killed',
      'BFF killed',
      'recovered',
    ]);
    // The kills did interrupt something: requests failed while a process was down.
    const failed = report.phases.flatMap((phase) => Object.values(phase.errors));
    expect(
      failed.reduce((sum, count) => sum + (count ?? 0), 0),
      text,
    ).toBeGreaterThan(0);
    expect(report.phases[0]!.jsonPerSecond + report.phases[3]!.jsonPerSecond, text).toBeGreaterThan(
      0,
    );
  });
});

import { LIMITS } from '@agent-chat/protocol';
import { UsageError } from './cli-io.js';

const MINUTES_PER_UNIT = { m: 1, h: 60, d: 1_440, w: 10_080 } as const;

/**
 * Reads `--sync-every`: a whole number and a unit, `30m`, `1h`, `1d` or `1w` (minutes,
 * hours, days, weeks), as minutes for `config.sync_interval_minutes`; from 5 minutes to
 * 30 days. Throws a {@link UsageError} naming the flag and the value otherwise.
 *
 * @example
 * parseSyncEvery('1d'); // 1440
 */
export function parseSyncEvery(raw: string): number {
  const match = /^\s*(\d{1,6})\s*([mhdw])\s*$/i.exec(raw);
  const minutes = match
    ? Number(match[1]) *
      MINUTES_PER_UNIT[(match[2] as string).toLowerCase() as keyof typeof MINUTES_PER_UNIT]
    : Number.NaN;
  const { min, max } = LIMITS.syncIntervalMinutes;
  if (!Number.isInteger(minutes) || minutes < min || minutes > max) {
    throw new UsageError(
      `--sync-every must be a number and a unit — 30m, 1h, 1d or 1w (minutes, hours, days, weeks) — from ${min}m to 30d (got "${raw}").`,
    );
  }
  return minutes;
}

/** Minutes as `--sync-every` writes them: `1w`, `1d`, `6h`, `90m`. */
export function formatSyncEvery(minutes: number): string {
  for (const unit of ['w', 'd', 'h'] as const) {
    if (minutes % MINUTES_PER_UNIT[unit] === 0) return `${minutes / MINUTES_PER_UNIT[unit]}${unit}`;
  }
  return `${minutes}m`;
}

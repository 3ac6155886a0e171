import type { Datasource, SyncSummary } from '@agent-chat/protocol';

/** A schedule the Knowledge page offers for a web source. */
export interface SyncScheduleChoice {
  value: 'manual' | 'hourly' | 'daily' | 'weekly';
  label: string;
  /** `config.sync_interval_minutes`; null: synched only when asked. */
  minutes: number | null;
}

/** The schedules offered: manual, hourly, daily, weekly. */
export const SYNC_SCHEDULES: readonly SyncScheduleChoice[] = [
  { value: 'manual', label: 'Manual', minutes: null },
  { value: 'hourly', label: 'Hourly', minutes: 60 },
  { value: 'daily', label: 'Daily', minutes: 1_440 },
  { value: 'weekly', label: 'Weekly', minutes: 10_080 },
];

/** Whether a datasource takes a schedule: a web page or site of its own (not a site's page). */
export function isSchedulable(datasource: Datasource): boolean {
  return (
    datasource.type === 'web_site' ||
    (datasource.type === 'web_page' && datasource.groupId === null)
  );
}

/**
 * The schedule of a datasource as the selector shows it: one of {@link SYNC_SCHEDULES}, or
 * `custom` (set through the API to another interval, e.g. every 30 minutes).
 */
export function scheduleOf(datasource: Datasource): SyncScheduleChoice['value'] | 'custom' {
  const minutes = datasource.config.sync_interval_minutes;
  if (typeof minutes !== 'number') return 'manual';
  return SYNC_SCHEDULES.find((choice) => choice.minutes === minutes)?.value ?? 'custom';
}

const plural = (count: number, word: string) => `${count} ${word}`;

/**
 * A sync's summary in one line: `2 added · 1 changed · 40 unchanged · 0 removed · 1 failed
 * in 4.2 s`.
 */
export function describeSyncSummary(summary: SyncSummary): string {
  const counts = [
    plural(summary.added, 'added'),
    plural(summary.changed, 'changed'),
    plural(summary.unchanged, 'unchanged'),
    plural(summary.removed, 'removed'),
    plural(summary.failed, 'failed'),
  ].join(' · ');
  const seconds =
    summary.seconds < 10 ? summary.seconds.toFixed(1) : String(Math.round(summary.seconds));
  return `${counts} in ${seconds} s`;
}

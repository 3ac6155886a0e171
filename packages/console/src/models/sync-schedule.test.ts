import { describe, expect, it } from 'vitest';
import { datasourceFixture } from '../testing/resource-fixtures.js';
import { describeSyncSummary, isSchedulable, scheduleOf } from './sync-schedule.js';

describe('sync schedules', () => {
  it('are offered for web pages and sites of their own, not for a site page or a text', () => {
    expect(isSchedulable(datasourceFixture('site', 'synched', { type: 'web_site' }))).toBe(true);
    expect(isSchedulable(datasourceFixture('page', 'synched', { type: 'web_page' }))).toBe(true);
    expect(
      isSchedulable(datasourceFixture('child', 'synched', { type: 'web_page', groupId: 'site' })),
    ).toBe(false);
    expect(isSchedulable(datasourceFixture('text', 'synched'))).toBe(false);
  });

  it('read the interval as manual, hourly, daily, weekly or custom', () => {
    const withMinutes = (minutes: unknown) =>
      datasourceFixture('s', 'synched', {
        type: 'web_site',
        config: minutes === undefined ? {} : { sync_interval_minutes: minutes },
      });
    expect([undefined, null, 60, 1_440, 10_080, 30].map((m) => scheduleOf(withMinutes(m)))).toEqual(
      ['manual', 'manual', 'hourly', 'daily', 'weekly', 'custom'],
    );
  });

  it('summarize a sync in one line', () => {
    expect(
      describeSyncSummary({
        added: 2,
        changed: 1,
        unchanged: 40,
        removed: 0,
        failed: 1,
        seconds: 4.24,
        finishedAt: '2030-01-01T00:00:00.000Z',
      }),
    ).toBe('2 added · 1 changed · 40 unchanged · 0 removed · 1 failed in 4.2 s');
  });
});

import { describe, expect, it } from 'vitest';
import {
  ACTIVE_DATASOURCE_STATUSES,
  DATASOURCE_STATUSES,
  isDatasourceSettled,
  SETTLED_DATASOURCE_STATUSES,
} from './enums.js';

describe('datasource statuses', () => {
  it('are either active or settled, never both', () => {
    const active = new Set<string>(ACTIVE_DATASOURCE_STATUSES);
    expect(SETTLED_DATASOURCE_STATUSES.filter((status) => active.has(status))).toEqual([]);
    expect([...DATASOURCE_STATUSES].sort()).toEqual(
      [...ACTIVE_DATASOURCE_STATUSES, ...SETTLED_DATASOURCE_STATUSES].sort(),
    );
  });

  it('settle on synched and error; unsynched is still active (queued at start-up)', () => {
    expect(DATASOURCE_STATUSES.filter(isDatasourceSettled)).toEqual(['synched', 'error']);
    expect(isDatasourceSettled('unsynched')).toBe(false);
    // A status this version does not know (the hosted service has `usage_limit_reached`)
    // must not keep a client polling forever.
    expect(isDatasourceSettled('usage_limit_reached')).toBe(true);
  });
});

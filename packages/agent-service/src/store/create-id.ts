import { randomFillSync } from 'node:crypto';

/** Random bytes are drawn from the OS in blocks: one call per 340 ids, not one per id. */
const pool = Buffer.alloc(4_080);
let used = pool.length;

/**
 * Creates a resource id: a `c`, the time in base 36, then 12 random base-36 characters.
 * Sortable by creation time, URL-safe and always matching the protocol's `ID_PATTERN`.
 */
export function createId(): string {
  if (used + 12 > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let suffix = '';
  for (let index = used; index < used + 12; index += 1) {
    suffix += ((pool[index] as number) % 36).toString(36);
  }
  used += 12;
  return `c${Date.now().toString(36)}${suffix}`;
}

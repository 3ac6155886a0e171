import { randomBytes } from 'node:crypto';

/**
 * Creates a resource id: a `c`, the time in base 36, then 12 random base-36 characters.
 * Sortable by creation time, URL-safe and always matching the protocol's `ID_PATTERN`.
 */
export function createId(): string {
  const random = randomBytes(12);
  let suffix = '';
  for (const byte of random) suffix += (byte % 36).toString(36);
  return `c${Date.now().toString(36)}${suffix}`;
}

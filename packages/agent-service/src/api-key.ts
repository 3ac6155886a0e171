import { createHash, randomBytes } from 'node:crypto';

/** Prefix of every API key the service issues, so leaked keys are easy to recognise. */
export const API_KEY_PREFIX = 'acs_';

/** Creates a new random API key (`acs_` + 43 base64url characters, 256 bits). */
export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/**
 * The stored form of an API key: its SHA-256 in hex. Keys are long random strings, so a
 * fast hash is enough (no password stretching needed) and lookups stay one index probe.
 */
export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

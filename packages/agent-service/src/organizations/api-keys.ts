import { createHash, randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';
import type { Queryable } from '../store/index.js';

/** Prefix of every API key the service issues, so leaked keys are easy to recognise. */
const API_KEY_PREFIX = 'acs_';

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

/** Rejects API keys too weak to be one. */
function assertUsableApiKey(apiKey: string): void {
  if (apiKey.length < 16 || /\s/.test(apiKey)) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'An API key must be at least 16 characters long and contain no spaces.',
    );
  }
}

/** Registers `apiKey` (stored hashed) for an organization; an already registered key is refused. */
export async function addApiKey(
  database: Queryable,
  organizationId: string,
  apiKey: string,
): Promise<void> {
  assertUsableApiKey(apiKey);
  const rows = await database.query<{ organization_id: string }>(
    `INSERT INTO api_keys (key_hash, organization_id) VALUES ($1, $2)
     ON CONFLICT (key_hash) DO NOTHING RETURNING organization_id`,
    [hashApiKey(apiKey), organizationId],
  );
  if (rows.length === 0) {
    throw new AgentServiceError(
      ERROR_CODES.invalidRequest,
      400,
      'This API key is already registered; choose another key.',
    );
  }
}

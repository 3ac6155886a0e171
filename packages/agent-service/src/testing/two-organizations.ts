import { expect } from 'vitest';
import { type RunningAgentService, startAgentService } from '../server.js';
import { type ApiCall, createApiClient } from './api-client.js';
import { createTestDatabase } from './test-database.js';

/** A service with two organizations, each with its own client (this package's tests only). */
export interface TwoOrganizations {
  service: RunningAgentService;
  alice: ReturnType<typeof createApiClient>;
  bob: ReturnType<typeof createApiClient>;
}

/**
 * Starts a service on port 0 (a migrated in-memory database, a 64 KiB body limit) with
 * the organizations Alice and Bob, for the resource tests of this package.
 */
export async function startTwoOrganizations(): Promise<TwoOrganizations> {
  const service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    bodyLimitBytes: 64 * 1024,
  });
  const alice = createApiClient(service.url, (await service.createOrganization('Alice')).apiKey);
  const bob = createApiClient(service.url, (await service.createOrganization('Bob')).apiKey);
  return { service, alice, bob };
}

/** Expects `{"error":{"code","message"}}` with this status and code (and message pattern). */
export function expectError(response: ApiCall, status: number, code: string, message?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.body.error.code).toBe(code);
  expect(typeof response.body.error.message).toBe('string');
  if (message) expect(response.body.error.message).toMatch(message);
}

/**
 * Organizations: the tenants of the service. Each owns API keys (stored hashed), agents,
 * datastores and conversations, and may have its own query quota.
 */
export { addApiKey, generateApiKey, hashApiKey } from './api-keys.js';
export type { Organization } from './organization.js';
export {
  type CreateOrganizationOptions,
  createOrganization,
  findOrganizationByApiKey,
  getOrganization,
} from './organizations.js';
export type { UsageLimit } from './usage-limit.js';
export { enforceUsageLimit } from './usage-limits.js';

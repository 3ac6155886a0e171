/**
 * Organizations: the tenants of the service. Each owns API keys (stored hashed), agents,
 * datastores and conversations, and may have its own query quota.
 */
export { addApiKey, generateApiKey, hashApiKey } from './api-keys.js';
export {
  type CreateOrganizationOptions,
  createOrganization,
  findOrganizationByApiKey,
  getOrganization,
  type Organization,
} from './organizations.js';
export { enforceUsageLimit, type UsageLimit } from './usage-limits.js';

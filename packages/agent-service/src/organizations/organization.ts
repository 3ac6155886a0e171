import type { UsageLimit } from './usage-limit.js';

/** An organization: owns API keys, agents, datastores and conversations. */
export interface Organization {
  id: string;
  name: string;
  /** The organization's own quota; `null` means the service default applies. */
  usageLimit: UsageLimit | null;
}

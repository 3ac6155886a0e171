import { describe, expect, it } from 'vitest';
import { requiresIdentity } from './agent-policy.js';
import { bffOptionsFromEnv } from './env-options.js';

describe('requiresIdentity (IDENTITY_REQUIRED and the agent policy)', () => {
  it('follows IDENTITY_REQUIRED unless the agent’s policy (or the "*" policy) says otherwise', () => {
    const options = { identityRequired: true, agentPolicies: {} };
    expect(requiresIdentity(options, 'docs')).toBe(true);
    expect(requiresIdentity({ ...options, identityRequired: false }, 'docs')).toBe(false);
    const policies = {
      public: { identityRequired: false },
      '*': { identityRequired: true },
    };
    expect(requiresIdentity({ identityRequired: false, agentPolicies: policies }, 'public')).toBe(
      false,
    );
    expect(requiresIdentity({ identityRequired: false, agentPolicies: policies }, 'docs')).toBe(
      true,
    );
    // A policy without the field keeps the BFF's setting.
    expect(requiresIdentity({ identityRequired: true, agentPolicies: { docs: {} } }, 'docs')).toBe(
      true,
    );
  });

  it('reads IDENTITY_REQUIRED and IDENTITY_SECRET from the environment', () => {
    const options = bffOptionsFromEnv({
      UPSTREAM_URL: 'http://127.0.0.1:1',
      AGENT_API_TOKEN: 'token',
      IDENTITY_REQUIRED: 'true',
      IDENTITY_SECRET: 's'.repeat(32),
    });
    expect(options.identityRequired).toBe(true);
    expect(options.identitySecret).toBe('s'.repeat(32));
  });
});

import {
  ID_PATTERN,
  POLICY_QUERY_FIELDS,
  type PolicyQueryField,
  type QueryRequest,
} from '@agent-chat/protocol';
import { parseBody, queryRequestSchema } from '@agent-chat/protocol/schemas';
import { z } from 'zod';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const policyFields: readonly string[] = POLICY_QUERY_FIELDS;

/**
 * Operator policy for one agent: what the site fixes for every query, and which policy
 * fields (if any) a browser may set itself.
 */
export const agentPolicySchema = z.object({
  /** Query fields merged into every upstream request for this agent (browser cannot override). */
  query: z
    .custom<Partial<Pick<QueryRequest, PolicyQueryField>>>(isPlainObject, {
      error: 'must be an object of query fields',
    })
    .optional(),
  /** Policy fields a browser may send for this agent (validated by the protocol schema). */
  allowBrowserFields: z.array(z.enum(POLICY_QUERY_FIELDS)).optional(),
  /** Longest query accepted for this agent, in characters. Default: `maxQueryLength`. */
  maxQueryLength: z.number().int().min(1).optional(),
  /**
   * `false` turns this agent's public MCP endpoint (`POST /mcp/:agentId`) off, `true` on.
   * Default: on, except for an agent that serves signed-in users only (`identityRequired`),
   * whose knowledge anonymous MCP callers do not reach unless this is `true`.
   */
  mcp: z.boolean().optional(),
  /** `true` refuses this agent's anonymous visitors, `false` accepts them. Default: `identityRequired`. */
  identityRequired: z.boolean().optional(),
});

/** Operator policy for one agent (see {@link agentPolicySchema}). */
export type AgentPolicy = z.input<typeof agentPolicySchema>;

/** Why the policy of `agentId` is invalid, or undefined when it is valid. */
function policyProblem(agentId: string, policy: unknown): string | undefined {
  if (agentId !== '*' && !ID_PATTERN.test(agentId)) return `"${agentId}" is not an agent id`;
  if (!isPlainObject(policy)) {
    return `the policy of "${agentId}" must be an object like {"query":{…},"allowBrowserFields":[…]}`;
  }
  const name = `["${agentId}"]`;
  for (const field of Array.isArray(policy.allowBrowserFields) ? policy.allowBrowserFields : []) {
    if (!policyFields.includes(field as string)) {
      return `${name}.allowBrowserFields has "${String(field)}", which is not a policy field (${POLICY_QUERY_FIELDS.join(', ')})`;
    }
  }
  for (const field of isPlainObject(policy.query) ? Object.keys(policy.query) : []) {
    if (!policyFields.includes(field)) {
      return `${name}.query has "${field}", which is not a policy field (${POLICY_QUERY_FIELDS.join(', ')})`;
    }
  }
  const shape = agentPolicySchema.safeParse(policy);
  if (!shape.success) {
    const issue = shape.error.issues[0];
    return `${name}.${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is invalid'}`;
  }
  const checked = parseBody(queryRequestSchema, { query: 'x', ...shape.data.query });
  if (!checked.success) return `${name}.query is invalid: ${checked.message}`;
  return undefined;
}

/**
 * Per-agent policies keyed by agent id (`'*'` applies to agents without their own entry),
 * each checked by {@link agentPolicySchema} and its `query` by the protocol's query schema.
 */
export const agentPoliciesSchema = z
  .custom<Readonly<Record<string, AgentPolicy>>>(isPlainObject, {
    error: 'must be an object keyed by agent id (or "*")',
  })
  .superRefine((policies, context) => {
    for (const [agentId, policy] of Object.entries(policies)) {
      const problem = policyProblem(agentId, policy);
      if (problem) {
        context.addIssue({ code: 'custom', message: problem, input: policies });
        return;
      }
    }
  });

/**
 * Whether `agentId` serves signed-in users only: its policy's `identityRequired` (or the
 * `'*'` policy's), else the BFF's `identityRequired`.
 */
export function requiresIdentity(
  options: {
    agentPolicies: Readonly<Record<string, AgentPolicy>>;
    identityRequired: boolean;
  },
  agentId: string,
): boolean {
  const policy = Object.hasOwn(options.agentPolicies, agentId)
    ? options.agentPolicies[agentId]
    : options.agentPolicies['*'];
  return policy?.identityRequired ?? options.identityRequired;
}

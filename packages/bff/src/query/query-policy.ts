import {
  BROWSER_QUERY_FIELDS,
  ERROR_CODES,
  POLICY_QUERY_FIELDS,
  type PolicyQueryField,
  type QueryRequest,
} from '@agent-chat/protocol';
import { parseBody, queryRequestSchema } from '@agent-chat/protocol/schemas';
import type { AgentPolicy } from '../options/index.js';

/** Outcome of {@link QueryPolicy.apply}: the upstream body, or a 400 for the browser. */
export type PolicyResult =
  | { ok: true; body: QueryRequest }
  | { ok: false; code: string; message: string };

/** Applies the operator's per-agent policy to what a browser sent. */
export interface QueryPolicy {
  /**
   * Rejects fields the browser may not set, validates the rest with the protocol schema,
   * enforces the query length limit, and merges the operator's fixed fields in.
   */
  apply(agentId: string, body: unknown): PolicyResult;
}

const browserFields: ReadonlySet<string> = new Set(BROWSER_QUERY_FIELDS);
const policyFields: ReadonlySet<string> = new Set(POLICY_QUERY_FIELDS);

/**
 * Creates the query policy. `agentPolicies[id]` applies to agent `id`, `agentPolicies['*']`
 * to agents without their own entry.
 *
 * @example
 * const policy = createQueryPolicy({ agentPolicies: { demo: { query: { temperature: 0 } } }, maxQueryLength: 4000 });
 * policy.apply('demo', { query: 'hi' }); // { ok: true, body: { temperature: 0, query: 'hi' } }
 */
export function createQueryPolicy(options: {
  agentPolicies: Readonly<Record<string, AgentPolicy>>;
  maxQueryLength: number;
}): QueryPolicy {
  const policyOf = (agentId: string): AgentPolicy =>
    (Object.hasOwn(options.agentPolicies, agentId)
      ? options.agentPolicies[agentId]
      : options.agentPolicies['*']) ?? {};

  return {
    apply(agentId, body) {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return {
          ok: false,
          code: ERROR_CODES.invalidRequest,
          message: 'The request body must be a JSON object like {"query":"…"}.',
        };
      }
      const policy = policyOf(agentId);
      const allowed = new Set<string>(policy.allowBrowserFields ?? []);
      for (const field of Object.keys(body)) {
        if (browserFields.has(field) || allowed.has(field)) continue;
        if (policyFields.has(field as PolicyQueryField)) {
          return {
            ok: false,
            code: ERROR_CODES.forbidden,
            message: `${field} is set by the site operator and cannot be sent by the browser.`,
          };
        }
        return {
          ok: false,
          code: ERROR_CODES.invalidRequest,
          message: `Unknown field "${field.slice(0, 64)}": the browser may send ${[...BROWSER_QUERY_FIELDS, ...allowed].join(', ')}.`,
        };
      }
      const parsed = parseBody(queryRequestSchema, body);
      if (!parsed.success) {
        return { ok: false, code: ERROR_CODES.invalidRequest, message: parsed.message };
      }
      const maxQueryLength = policy.maxQueryLength ?? options.maxQueryLength;
      if (parsed.data.query.length > maxQueryLength) {
        return {
          ok: false,
          code: ERROR_CODES.invalidRequest,
          message: `query must be at most ${maxQueryLength} characters (got ${parsed.data.query.length}).`,
        };
      }
      return { ok: true, body: { ...policy.query, ...parsed.data } as QueryRequest };
    },
  };
}

/**
 * The options of who reaches what: the agent service the BFF relays to and the token it
 * sends there, the admin routes' token (or the host's own auth), and the agents and
 * origins the public may use.
 */
import { ID_PATTERN } from '@agent-chat/protocol';
import { listFromEnv, optionDocs } from '@agent-chat/protocol/options';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { type AllowedOrigins, normalizeOrigin } from '../http/index.js';

const isList = (value: unknown): value is readonly string[] | '*' =>
  value === '*' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string'));

const UPSTREAM_REQUIRED =
  'is required: the base URL of the agent service, e.g. "http://127.0.0.1:3001"';
const TOKEN_REQUIRED =
  'is required: the Bearer token the BFF sends to the agent service (it is never sent to browsers)';

/**
 * Who reaches what: spread into `bffOptionFields` in this order, which is the order of
 * `--help` and of the README table.
 */
export const accessOptionFields = {
  /** Base URL of the agent service, e.g. `http://127.0.0.1:3001`. Env `UPSTREAM_URL`. Fixed: never taken from requests. */
  upstreamUrl: z
    .string({ error: UPSTREAM_REQUIRED })
    .transform((value, context) => {
      const fail = (message: string) => {
        context.addIssue({ code: 'custom', message, input: value });
        return z.NEVER;
      };
      if (value.trim() === '') return fail(UPSTREAM_REQUIRED);
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return fail(`is not a valid URL (got "${value.slice(0, 200)}")`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        return fail(`must use http or https (got "${url.protocol}")`);
      }
      if (url.username || url.password) {
        return fail('must not contain credentials; the token goes in AGENT_API_TOKEN');
      }
      if (url.search || url.hash) return fail('must not have a query string or fragment');
      return url;
    })
    .register(optionDocs, {
      env: 'UPSTREAM_URL',
      description:
        'Base URL of the agent service. Fixed: never taken from a request. No credentials, query or fragment.',
    }),
  /** Bearer token for the upstream. Env `AGENT_API_TOKEN`. Never logged, never sent to browsers. */
  agentApiToken: z
    .string({ error: TOKEN_REQUIRED })
    .refine((value) => value.trim() !== '', { error: TOKEN_REQUIRED })
    .refine((value) => !/[\r\n]/.test(value), { error: 'must not contain line breaks' })
    .register(optionDocs, {
      env: 'AGENT_API_TOKEN',
      secret: true,
      description: 'Bearer token sent to the agent service. Never logged, never sent to browsers.',
    }),
  /** Bearer token required on admin routes (16+ characters). Env `ADMIN_TOKEN`. Without it (and without `adminAuth`) admin routes answer 404. */
  adminToken: z
    .string()
    .min(16, {
      error:
        'must be at least 16 characters (e.g. `openssl rand -hex 24`), or unset to disable admin routes',
    })
    .optional()
    .register(optionDocs, {
      env: 'ADMIN_TOKEN',
      secret: true,
      description:
        'Bearer token of the admin routes, 16+ characters. Unset and no `adminAuth`: admin routes answer 404.',
    }),
  /** Host-supplied auth middleware for admin routes, used instead of `adminToken`. */
  adminAuth: z
    .custom<RequestHandler>((value) => typeof value === 'function', {
      error: 'must be an Express middleware function',
    })
    .optional()
    .register(optionDocs, {
      description:
        'Your own Express middleware guarding the admin routes, used instead of `adminToken`.',
    }),
  /** Agent ids the public may query; `'*'` for any. Env `ALLOWED_AGENTS` (comma list). Default: none. */
  allowedAgents: z
    .custom<readonly string[] | '*'>(isList, { error: 'must be a list of agent ids or "*"' })
    .superRefine((value, context) => {
      const bad =
        value === '*' ? undefined : value.find((id) => id !== '*' && !ID_PATTERN.test(id));
      if (bad !== undefined) {
        context.addIssue({ code: 'custom', message: `"${bad}" is not an agent id`, input: value });
      }
    })
    .transform((value): ReadonlySet<string> | '*' =>
      value === '*' || value.includes('*') ? '*' : new Set(value),
    )
    .optional()
    .transform((value) => value ?? new Set<string>())
    .register(optionDocs, {
      env: 'ALLOWED_AGENTS',
      fromEnv: listFromEnv,
      defaultText: 'none',
      description: 'Agent ids the public may query (comma list), or `*`. Others answer 404.',
    }),
  /**
   * Other origins allowed by CORS and the server-side Origin check (the BFF's own origin
   * always is); `'*'` for any. Env `ALLOWED_ORIGINS`. Default: own origin only.
   */
  allowedOrigins: z
    .custom<readonly string[] | '*'>(isList, { error: 'must be a list of origins or "*"' })
    .transform((value, context): AllowedOrigins => {
      if (value === '*' || value.includes('*')) return '*';
      const origins = new Set<string>();
      for (const entry of value) {
        const origin = normalizeOrigin(entry);
        if (!origin) {
          context.addIssue({
            code: 'custom',
            message: `"${entry.slice(0, 200)}" is not an origin like https://shop.example (comma-separate several)`,
            input: value,
          });
          return z.NEVER;
        }
        origins.add(origin);
      }
      return origins;
    })
    .optional()
    .transform((value): AllowedOrigins => value ?? 'same-origin')
    .register(optionDocs, {
      env: 'ALLOWED_ORIGINS',
      fromEnv: listFromEnv,
      defaultText: 'own origin only',
      description:
        "Other sites allowed by CORS and the server-side Origin check (comma list), or `*`; the BFF's own origin always is. Others get 403.",
    }),
};

import { LIMITS } from '@agent-chat/protocol';
import {
  optionDocs,
  wholeNumber,
  wholeNumberFromEnv,
  wholeNumberOption,
  wholeNumberSchema,
} from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { UsageLimit } from '../organizations/index.js';

/** What the HTTP API accepts and how it answers: quotas, bodies, uploads, streams, keys. */
export const httpOptionFields = {
  /** Default quota per organization (organizations may have their own). Default: unlimited. */
  usageLimit: z
    .object({
      /** Queries per organization per period. Env `USAGE_LIMIT_QUERIES`. */
      queries: z
        .number({
          error: (issue) =>
            issue.input === undefined
              ? 'is required with a usage limit period'
              : 'must be a whole number ≥ 0',
        })
        .pipe(wholeNumberSchema(0))
        .register(optionDocs, {
          env: 'USAGE_LIMIT_QUERIES',
          fromEnv: wholeNumberFromEnv,
          defaultText: 'unlimited',
          description:
            'Default queries per organization per period (organizations may have their own); beyond, 402 `USAGE_LIMIT`.',
        }),
      /** Length of the period, ms. Env `USAGE_LIMIT_PERIOD_MS`. Default one day. */
      periodMs: wholeNumberOption(86_400_000, {
        env: 'USAGE_LIMIT_PERIOD_MS',
        description: 'Length of the usage limit period, ms.',
      }),
    })
    .optional() satisfies z.ZodType<UsageLimit | undefined>,
  /** Interval of `: ping` heartbeat comments on streams, ms. Env `HEARTBEAT_MS`. */
  heartbeatMs: wholeNumberOption(15_000, {
    env: 'HEARTBEAT_MS',
    description: 'Interval of heartbeat comments (`: ping`) on quiet streams, ms.',
  }),
  /** Largest JSON body accepted, bytes (413 above). */
  bodyLimitBytes: wholeNumber(LIMITS.jsonBodyBytes.max).register(optionDocs, {
    description: 'Largest JSON body, bytes (413 beyond).',
  }),
  /** Largest uploaded file, bytes (413 above, nothing stored). Env `UPLOAD_LIMIT_BYTES`. */
  uploadLimitBytes: wholeNumberOption(LIMITS.uploadBytes.max, {
    env: 'UPLOAD_LIMIT_BYTES',
    description: 'Largest uploaded file, bytes (413 beyond, nothing stored).',
  }),
  /** How long a resolved API key is remembered in memory, ms (0: looked up every time). */
  authCacheTtlMs: wholeNumberSchema(0).default(30_000).register(optionDocs, {
    description:
      'How long a resolved API key is remembered in memory, ms (0: looked up on every request).',
  }),
};

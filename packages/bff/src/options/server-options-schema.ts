import { listenOptionFields, optionDocs, wholeNumberOption } from '@agent-chat/protocol/options';
import { z } from 'zod';
import { trustProxyFromEnv } from './env-readers.js';

/** The options of the standalone server (`startBff`, `createStandaloneBff`) besides the BFF's. */
export const serverOptionFields = z.object({
  ...listenOptionFields(3000),
  /**
   * Express `trust proxy` setting: `true`, a hop count, or addresses/subnets. Env
   * `TRUST_PROXY`. Default `false`. Set it behind a load balancer, or rate limits see one IP.
   */
  trustProxy: z
    .union([z.boolean(), z.number().int().min(0), z.string().min(1)], {
      error: 'must be true, false, a hop count, or addresses/subnets',
    })
    .default(false)
    .register(optionDocs, {
      env: 'TRUST_PROXY',
      fromEnv: trustProxyFromEnv,
      description:
        'Express `trust proxy`: `true`, a hop count, or addresses/subnets (`loopback, 10.0.0.0/8`). Set it behind a load balancer, or all visitors share one IP for rate limits.',
    }),
  /**
   * Time a client has to send its request headers, ms; then Node answers 408 and closes
   * the connection. Env `HEADERS_TIMEOUT_MS`. Default 15 000 (Node's own: 60 000).
   */
  headersTimeoutMs: wholeNumberOption(15_000, {
    env: 'HEADERS_TIMEOUT_MS',
    description:
      'Time a client has to send its request headers, ms (then 408 and the connection closed).',
  }),
  /**
   * Time a client has to send its whole request (headers and body), ms; streamed answers
   * are not limited by it. At least `headersTimeoutMs`. Env `REQUEST_TIMEOUT_MS`. Default 30 000.
   */
  requestTimeoutMs: wholeNumberOption(30_000, {
    env: 'REQUEST_TIMEOUT_MS',
    description:
      'Time a client has to send its whole request, ms (answers, streams included, are not limited by it).',
  }),
  /** How long an idle keep-alive connection stays open, ms. Env `KEEP_ALIVE_TIMEOUT_MS`. Default 5 000. */
  keepAliveTimeoutMs: wholeNumberOption(5_000, {
    env: 'KEEP_ALIVE_TIMEOUT_MS',
    description:
      'How long an idle keep-alive connection stays open, ms (set it above the idle timeout of a load balancer in front).',
  }),
});

/** Options of the standalone server as given in code (see {@link serverOptionFields}). */
export type ServerOptions = z.input<typeof serverOptionFields>;

/** Options of the standalone server with their defaults filled in. */
export type ResolvedServerOptions = z.output<typeof serverOptionFields>;

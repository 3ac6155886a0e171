import {
  optionDocs,
  wholeNumber,
  wholeNumberFromEnv,
  wholeNumberSchema,
} from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { AgentServiceOptions } from './service-options-schema.js';

const PORT = 'must be a port number from 0 to 65535';

/** The options of `startAgentService()` besides the service's: where it listens, how it stops. */
export const serverOptionFields = z.object({
  /** Port to listen on; `0` picks a free one. Env `PORT`. */
  port: z
    .number({ error: PORT })
    .int({ error: PORT })
    .min(0, { error: PORT })
    .max(65_535, { error: PORT })
    .default(3001)
    .register(optionDocs, {
      env: 'PORT',
      fromEnv: wholeNumberFromEnv,
      description: 'Port to listen on (`0`: any free port).',
    }),
  /** Address to listen on. Env `HOST`. */
  host: z
    .string()
    .min(1, { error: 'must be an address to listen on' })
    .default('127.0.0.1')
    .register(optionDocs, {
      env: 'HOST',
      description: 'Address to listen on (`0.0.0.0`: every interface, e.g. in a container).',
    }),
  /** On `close()`, how long requests in flight (open streams) may finish, ms. */
  shutdownGraceMs: wholeNumberSchema(0).default(5_000).register(optionDocs, {
    description:
      'On `close()`, how long requests in flight (open streams) may finish before they are cut, ms.',
  }),
  /** Time between conversation retention sweeps, ms (with `conversationRetentionDays`). */
  retentionIntervalMs: wholeNumber(3_600_000).register(optionDocs, {
    description: 'Time between conversation retention sweeps, ms.',
  }),
});

/** Options of `startAgentService()` besides the service's (see {@link serverOptionFields}). */
export type ServerOptions = z.input<typeof serverOptionFields>;

/** Options of `startAgentService()`: the service's and the server's. */
export type StartAgentServiceOptions = AgentServiceOptions & ServerOptions;

/** {@link ServerOptions} with their defaults filled in. */
export type ResolvedServerOptions = z.output<typeof serverOptionFields>;

/** The defaults of the server options, as the schema declares them. */
export const SERVER_DEFAULTS: ResolvedServerOptions = serverOptionFields.parse({});

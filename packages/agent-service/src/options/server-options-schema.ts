import {
  listenOptionFields,
  optionDocs,
  wholeNumber,
  wholeNumberSchema,
} from '@agent-chat/protocol/options';
import { z } from 'zod';
import type { AgentServiceOptions } from './service-options-schema.js';

/** The options of `startAgentService()` besides the service's: where it listens, how it stops. */
export const serverOptionFields = z.object({
  ...listenOptionFields(3001),
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

import {
  type Env,
  type EnvReadOptions,
  envTexts,
  type OptionHelpEntry,
  optionHelpEntry,
  optionsFromTexts,
} from '@agent-chat/protocol/options';
import { type BffOptions, bffOptionFields, bffOptionsSchema } from './bff-options-schema.js';
import { ALL_OPTION_FIELDS, parseOptions } from './resolve-options.js';
import { type ResolvedServerOptions, serverOptionFields } from './server-options-schema.js';

export type { Env, EnvReadOptions } from '@agent-chat/protocol/options';

/** One documented environment variable of `agent-chat-bff`. */
export type EnvVariable = OptionHelpEntry;

/**
 * Every environment variable `agent-chat-bff` reads, in the order `--help` prints them,
 * derived from the options schema. The `createBff()` option of the same name in camelCase
 * has the same meaning.
 */
export const BFF_ENV_VARIABLES: readonly EnvVariable[] = ALL_OPTION_FIELDS.flatMap((field) =>
  field.doc.env === undefined ? [] : [optionHelpEntry(field)],
);

const bffFields = ALL_OPTION_FIELDS.filter(
  (field) => (field.path[0] ?? '') in bffOptionFields.shape,
);
const serverFields = ALL_OPTION_FIELDS.filter((field) => !bffFields.includes(field));

/**
 * Builds {@link BffOptions} from environment variables (see {@link BFF_ENV_VARIABLES}):
 * every option as its UPPER_SNAKE name, checked by the same schema as `createBff()`
 * options, with the upstream dialect filled in. Empty values count as unset. Throws a
 * `BffError` (`INVALID_OPTIONS`) naming the variable when one is missing or malformed,
 * e.g. without `AGENT_API_TOKEN`. Only `cli.ts`/`server.ts` pass `process.env` in.
 *
 * @example
 * ```ts
 * const options = bffOptionsFromEnv({ UPSTREAM_URL: 'http://127.0.0.1:3001', AGENT_API_TOKEN: 'sk-…' });
 * ```
 */
export function bffOptionsFromEnv(env: Env, io: EnvReadOptions = {}): BffOptions {
  const texts = envTexts(env, bffFields);
  const options = optionsFromTexts(texts, bffFields, io) as BffOptions;
  const resolved = parseOptions(bffOptionsSchema, options, { env: texts });
  options.upstreamDialect = resolved.upstreamDialect;
  return options;
}

/** Listen settings of `startBff()` read from the environment. */
export type ServerEnvOptions = ResolvedServerOptions;

/**
 * Reads `PORT` (default 3000), `HOST` (default 127.0.0.1: set `HOST=0.0.0.0` to listen on
 * every interface, e.g. in a container) and `TRUST_PROXY` (default false; `true`, a hop
 * count, or a comma list of addresses/subnets as Express accepts).
 */
export function serverOptionsFromEnv(env: Env): ServerEnvOptions {
  const texts = envTexts(env, serverFields);
  return parseOptions(serverOptionFields, optionsFromTexts(texts, serverFields), { env: texts });
}

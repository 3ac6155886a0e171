import { type BffOptions, bffOptionFields, bffOptionsSchema } from './bff-options-schema.js';
import { defaultTextOf, type EnvReadOptions, type OptionField } from './option-docs.js';
import { ALL_OPTION_FIELDS, parseOptions } from './resolve-options.js';
import { type ResolvedServerOptions, serverOptionFields } from './server-options-schema.js';

/** Environment as `process.env` has it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One documented environment variable of `agent-chat-bff`. */
export interface EnvVariable {
  name: string;
  /** What it means (plain text). */
  description: string;
  /** Its default as people read it (plain text), or `required`. */
  default: string;
}

const plain = (markdown: string) => markdown.replaceAll('`', '');

/**
 * Every environment variable `agent-chat-bff` reads, in the order `--help` prints them,
 * derived from the options schema. The `createBff()` option of the same name in camelCase
 * has the same meaning.
 */
export const BFF_ENV_VARIABLES: readonly EnvVariable[] = ALL_OPTION_FIELDS.flatMap((field) =>
  field.doc.env === undefined
    ? []
    : [
        {
          name: field.doc.env,
          description: plain(field.doc.description),
          default: plain(defaultTextOf(field)),
        },
      ],
);

/** The set variables among `fields`, trimmed (empty ones count as unset). */
function readEnv(env: Env, fields: readonly OptionField[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const { doc } of fields) {
    const text = doc.env === undefined ? undefined : env[doc.env]?.trim();
    if (doc.env !== undefined && text) texts[doc.env] = text;
  }
  return texts;
}

/** The options object the variables describe, before the schema checks it. */
function optionsOf(
  texts: Record<string, string>,
  fields: readonly OptionField[],
  io: EnvReadOptions,
): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const { path, doc } of fields) {
    const text = doc.env === undefined ? undefined : texts[doc.env];
    if (text === undefined) continue;
    let target = options;
    for (const key of path.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1) as string] = doc.fromEnv ? doc.fromEnv(text, io) : text;
  }
  return options;
}

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
  const texts = readEnv(env, bffFields);
  const options = optionsOf(texts, bffFields, io) as BffOptions;
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
  const texts = readEnv(env, serverFields);
  return parseOptions(serverOptionFields, optionsOf(texts, serverFields, {}), { env: texts });
}

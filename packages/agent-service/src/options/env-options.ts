import path from 'node:path';
import { type Env, type OptionField, optionsFromTexts } from '@agent-chat/protocol/options';
import type { z } from 'zod';
import type { HybridRetrievalOptions } from '../embeddings/index.js';
import { cliOptionFields } from './cli-options-schema.js';
import {
  COMMAND_OPTIONS,
  type CommandOption,
  flagName,
  STORAGE_OPTIONS,
} from './command-options.js';
import {
  CLI_OPTION_FIELDS,
  parseOptions,
  SERVER_OPTION_FIELDS,
  SERVICE_OPTION_FIELDS,
} from './resolve-options.js';
import { type StartAgentServiceOptions, serverOptionFields } from './server-options-schema.js';
import { agentServiceOptionFields } from './service-options-schema.js';

/** Values of a command's flags, by name without the dashes (as `parseArgs` gives them). */
export type Flags = Readonly<Record<string, string | undefined>>;

/**
 * The `options` that `schema` holds, from their flags and variables
 * (a flag wins; empty values count as unset), checked by `schema`: an error names the
 * flag or variable, e.g. `INGESTION_WORKERS must be a whole number ≥ 0 (got "x").`
 */
function readOptions<Schema extends z.ZodObject>(
  options: readonly CommandOption[],
  schema: Schema,
  schemaFields: readonly OptionField[],
  env: Env,
  flags: Flags = {},
): z.output<Schema> {
  const own = options.filter(({ field }) => schemaFields.includes(field));
  const texts: Record<string, string> = {};
  const names = new Map<OptionField, string | undefined>();
  for (const { field, flag } of own) {
    const variable = field.doc.env;
    const name = flag === undefined ? undefined : flagName(flag);
    const fromFlag = name === undefined ? undefined : flags[name.slice(2)]?.trim();
    const fromEnv = variable === undefined ? undefined : env[variable]?.trim();
    if (name !== undefined && fromFlag) {
      names.set(field, name);
      texts[name] = fromFlag;
    } else if (variable !== undefined && fromEnv) {
      names.set(field, variable);
      texts[variable] = fromEnv;
    } else {
      names.set(field, name === undefined ? variable : `${name} or ${variable}`);
    }
  }
  const nameOf = (field: OptionField) => names.get(field);
  const value = optionsFromTexts(
    texts,
    own.map(({ field }) => field),
    {},
    nameOf,
  );
  return parseOptions(schema, schemaFields, value, { env: texts, nameOf });
}

/**
 * Where a command keeps its data: PostgreSQL at `DATABASE_URL`, else PGlite in `DATA_DIR`
 * (default `.data/agent-service`, relative to `cwd`).
 */
export function storageFromEnv(
  env: Env,
  cwd: string,
): { dataDir: string } | { databaseUrl: string } {
  const { databaseUrl } = readOptions(
    STORAGE_OPTIONS,
    agentServiceOptionFields,
    SERVICE_OPTION_FIELDS,
    env,
  );
  if (databaseUrl !== undefined) return { databaseUrl };
  const { dataDir } = readOptions(
    STORAGE_OPTIONS,
    cliOptionFields.pick({ dataDir: true }),
    CLI_OPTION_FIELDS,
    env,
  );
  return { dataDir: path.resolve(cwd, dataDir) };
}

/**
 * The options of `agent-chat-service serve` from the environment: every variable of the
 * service and of the server, checked by the same schemas as options given in code, and
 * the storage of {@link storageFromEnv}. Throws an `AgentServiceError` (`INVALID_OPTIONS`)
 * naming the variable when one is malformed or missing. Only the CLI passes
 * `process.env` in.
 */
export function serveOptionsFromEnv(env: Env, cwd: string): StartAgentServiceOptions {
  return {
    ...readOptions(COMMAND_OPTIONS.serve, agentServiceOptionFields, SERVICE_OPTION_FIELDS, env),
    ...readOptions(COMMAND_OPTIONS.serve, serverOptionFields, SERVER_OPTION_FIELDS, env),
    ...storageFromEnv(env, cwd),
  };
}

/** `reembed`'s embeddings API from `EMBEDDINGS_*`; undefined without `EMBEDDINGS_URL` and `EMBEDDINGS_MODEL`. */
export function embeddingsFromEnv(env: Env): HybridRetrievalOptions | undefined {
  return readOptions(COMMAND_OPTIONS.reembed, agentServiceOptionFields, SERVICE_OPTION_FIELDS, env)
    .embeddings;
}

/** `purge-conversations`' days to keep: `--days`, else `CONVERSATION_RETENTION_DAYS`. */
export function retentionDaysFrom(env: Env, flags: Flags): number | undefined {
  return readOptions(
    COMMAND_OPTIONS['purge-conversations'],
    agentServiceOptionFields,
    SERVICE_OPTION_FIELDS,
    env,
    flags,
  ).conversationRetentionDays;
}

/** `ingest`'s service: `--url`/`AGENT_SERVICE_URL`, `--key`/`AGENT_API_TOKEN`, `INGEST_POLL_MS`. */
export function ingestOptionsFrom(
  env: Env,
  flags: Flags,
): { serviceUrl: string; apiKey: string; pollMs: number } {
  return readOptions(
    COMMAND_OPTIONS.ingest,
    cliOptionFields.pick({ serviceUrl: true, apiKey: true, pollMs: true }),
    CLI_OPTION_FIELDS,
    env,
    flags,
  );
}

/** `discord register`'s key of the credentials and Discord's API: `INTEGRATIONS_SECRET`, `DISCORD_API_URL`. */
export function discordOptionsFrom(env: Env): {
  integrationsSecret?: string | undefined;
  discordApiUrl: string;
} {
  const { integrationsSecret, discordApiUrl } = readOptions(
    COMMAND_OPTIONS.discord,
    agentServiceOptionFields,
    SERVICE_OPTION_FIELDS,
    env,
  );
  return { integrationsSecret, discordApiUrl };
}

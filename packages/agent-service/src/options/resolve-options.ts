import {
  checkOptions,
  type OptionField,
  type OptionSource,
  optionFields,
} from '@agent-chat/protocol/options';
import type { z } from 'zod';
import { invalidOptions } from '../agent-service-error.js';
import { cliOptionFields } from './cli-options-schema.js';
import {
  type ResolvedServerOptions,
  type ServerOptions,
  serverOptionFields,
} from './server-options-schema.js';
import {
  type AgentServiceOptions,
  agentServiceOptionFields,
  type ResolvedAgentServiceOptions,
} from './service-options-schema.js';

/** The documented options of `createAgentService()`, in declaration order. */
export const SERVICE_OPTION_FIELDS: readonly OptionField[] = optionFields(agentServiceOptionFields);

/** The documented options `startAgentService()` adds. */
export const SERVER_OPTION_FIELDS: readonly OptionField[] = optionFields(serverOptionFields);

/** The documented options only the command line has. */
export const CLI_OPTION_FIELDS: readonly OptionField[] = optionFields(cliOptionFields);

/**
 * Parses `value` with `schema` (whose documented options are `fields`), or throws an
 * `AgentServiceError` (`INVALID_OPTIONS`) naming the option or variable.
 */
export function parseOptions<Schema extends z.ZodType>(
  schema: Schema,
  fields: readonly OptionField[],
  value: unknown,
  source: OptionSource,
): z.output<Schema> {
  const checked = checkOptions(schema, value, fields, source);
  if (!checked.success) throw invalidOptions(checked.message);
  return checked.data;
}

/**
 * Checks {@link AgentServiceOptions} against the options schema and fills in the
 * defaults, so a misconfigured service fails at start with a message naming the option
 * rather than on the first request. `createAgentService()` calls it once.
 */
export function resolveAgentServiceOptions(
  options: AgentServiceOptions,
): ResolvedAgentServiceOptions {
  return parseOptions(agentServiceOptionFields, SERVICE_OPTION_FIELDS, options, {
    code: 'createAgentService',
  });
}

/** Checks the options `startAgentService()` adds and fills in their defaults. */
export function resolveServerOptions(options: ServerOptions): ResolvedServerOptions {
  return parseOptions(serverOptionFields, SERVER_OPTION_FIELDS, options, {
    code: 'startAgentService',
  });
}

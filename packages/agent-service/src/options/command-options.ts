import { type OptionField, optionHelpEntry, renderOptionHelp } from '@agent-chat/protocol/options';
import {
  CLI_OPTION_FIELDS,
  SERVER_OPTION_FIELDS,
  SERVICE_OPTION_FIELDS,
} from './resolve-options.js';

/**
 * An option a command reads: from its environment variable, or from `flag` (e.g.
 * `--days <n>`) when the command line gives it, which wins.
 */
export interface CommandOption {
  field: OptionField;
  flag?: string;
}

function find(fields: readonly OptionField[], path: string): OptionField {
  const field = fields.find((candidate) => candidate.path.join('.') === path);
  if (!field) throw new Error(`no option ${path}`);
  return field;
}

const withEnv = (fields: readonly OptionField[]) => fields.filter((field) => field.doc.env);
const under = (fields: readonly OptionField[], group: string) =>
  fields.filter((field) => field.path[0] === group);

/** Where a command keeps its data: `DATA_DIR`, or `DATABASE_URL`. */
export const STORAGE_OPTIONS: readonly CommandOption[] = [
  { field: find(CLI_OPTION_FIELDS, 'dataDir') },
  { field: find(SERVICE_OPTION_FIELDS, 'databaseUrl') },
];

/**
 * The options of every `agent-chat-service` command that takes some, in `--help` order:
 * `serve` reads every variable of the service and the server; the others, what they use.
 * Each command's `--help`, its reading of the environment and the README's command table
 * come from here: a new variable is one entry in an options schema (and here, if a
 * command other than `serve` reads it).
 */
export const COMMAND_OPTIONS = {
  serve: [
    ...withEnv(SERVER_OPTION_FIELDS).map((field) => ({ field })),
    ...STORAGE_OPTIONS,
    ...withEnv(SERVICE_OPTION_FIELDS)
      .filter((field) => !STORAGE_OPTIONS.some((option) => option.field === field))
      .map((field) => ({ field })),
  ],
  keys: STORAGE_OPTIONS,
  'seed-demo': STORAGE_OPTIONS,
  'purge-conversations': [
    { field: find(SERVICE_OPTION_FIELDS, 'conversationRetentionDays'), flag: '--days <n>' },
    ...STORAGE_OPTIONS,
  ],
  reembed: [
    ...STORAGE_OPTIONS,
    ...withEnv(under(SERVICE_OPTION_FIELDS, 'embeddings')).map((field) => ({ field })),
  ],
  discord: [
    ...STORAGE_OPTIONS,
    { field: find(SERVICE_OPTION_FIELDS, 'integrationsSecret') },
    { field: find(SERVICE_OPTION_FIELDS, 'discordApiUrl') },
  ],
  ingest: [
    { field: find(CLI_OPTION_FIELDS, 'serviceUrl'), flag: '--url <url>' },
    { field: find(CLI_OPTION_FIELDS, 'apiKey'), flag: '--key <key>' },
    { field: find(CLI_OPTION_FIELDS, 'pollMs') },
  ],
  eval: [
    { field: find(CLI_OPTION_FIELDS, 'serviceUrl'), flag: '--url <url>' },
    { field: find(CLI_OPTION_FIELDS, 'apiKey'), flag: '--key <key>' },
  ],
} satisfies Record<string, readonly CommandOption[]>;

/** A command that takes options (see {@link COMMAND_OPTIONS}). */
export type OptionCommand = keyof typeof COMMAND_OPTIONS;

/** `--days <n>` → `--days`. */
export const flagName = (flag: string) => flag.split(' ')[0] as string;

/**
 * The option list of `agent-chat-service <command> --help`: each variable (or flag, with
 * its variable) with its meaning and default, from the options schemas.
 */
export function commandOptionsHelp(command: OptionCommand): string {
  const options: readonly CommandOption[] = COMMAND_OPTIONS[command];
  return renderOptionHelp(
    options.map(({ field, flag }) => {
      const entry = optionHelpEntry(field);
      return flag === undefined
        ? entry
        : { ...entry, name: flag, description: `${entry.description} Env ${field.doc.env}.` };
    }),
  );
}

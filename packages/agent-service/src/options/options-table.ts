import { defaultTextOf, type OptionField, renderMarkdownTable } from '@agent-chat/protocol/options';
import { COMMAND_OPTIONS, type CommandOption, flagName } from './command-options.js';
import { SERVER_OPTION_FIELDS, SERVICE_OPTION_FIELDS } from './resolve-options.js';

const code = (text: string) => `\`${text}\``;

/**
 * The README's table of the options of `createAgentService()` and `startAgentService()`:
 * option, variable, default, meaning (Markdown), rendered from the options schemas (a
 * test keeps the README equal to it).
 * @internal For the README's test alone.
 */
export function renderOptionsTable(): string {
  const row = (field: OptionField, server: boolean) => [
    server
      ? `${code(field.path.join('.'))} (${code('startAgentService')})`
      : code(field.path.join('.')),
    field.doc.env === undefined ? '–' : code(field.doc.env),
    defaultTextOf(field),
    field.doc.description,
  ];
  return renderMarkdownTable([
    ['Option', 'Environment variable', 'Default', 'Meaning'],
    ...SERVICE_OPTION_FIELDS.map((field) => row(field, false)),
    ...SERVER_OPTION_FIELDS.map((field) => row(field, true)),
  ]);
}

/**
 * The README's table of the command line's variables: each variable once, the commands
 * that read it (with the flag that overrides it there), default and meaning, rendered
 * from the options schemas and {@link COMMAND_OPTIONS}.
 * @internal For the README's test alone.
 */
export function renderCommandOptionsTable(): string {
  const commands = new Map<OptionField, string[]>();
  for (const [command, options] of Object.entries(COMMAND_OPTIONS)) {
    for (const { field, flag } of options as readonly CommandOption[]) {
      const list = commands.get(field) ?? [];
      list.push(flag === undefined ? command : `${command} (${code(flagName(flag))})`);
      commands.set(field, list);
    }
  }
  return renderMarkdownTable([
    ['Environment variable', 'Commands', 'Default', 'Meaning'],
    ...[...commands].map(([field, list]) => [
      code(field.doc.env ?? ''),
      list.join(', '),
      defaultTextOf(field),
      field.doc.description,
    ]),
  ]);
}

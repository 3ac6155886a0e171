import { defaultTextOf, type OptionField, renderMarkdownTable } from '@agent-chat/protocol/options';
import { ALL_OPTION_FIELDS } from './resolve-options.js';

const serverOnly = new Set(['port', 'host', 'trustProxy']);

/** One row of the configuration table: option, variable, default, meaning (Markdown). */
function optionRow(field: OptionField): [string, string, string, string] {
  const name = field.path.join('.');
  return [
    serverOnly.has(name) ? `\`${name}\` (\`startBff\`)` : `\`${name}\``,
    field.doc.env === undefined ? '–' : `\`${field.doc.env}\``,
    defaultTextOf(field),
    field.doc.description,
  ];
}

/**
 * The configuration table of the BFF's README, as Markdown with padded columns, rendered
 * from the options schema (a test keeps the README equal to it).
 * @internal Used by that test alone: the README is where the table ships.
 */
export function renderOptionsTable(fields: readonly OptionField[] = ALL_OPTION_FIELDS): string {
  return renderMarkdownTable([
    ['Option', 'Environment variable', 'Default', 'Meaning'],
    ...fields.map(optionRow),
  ]);
}

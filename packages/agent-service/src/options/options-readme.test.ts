import { readFileSync } from 'node:fs';
import { readMarkdownTable } from '@agent-chat/protocol/options';
import { describe, expect, it } from 'vitest';
import {
  COMMAND_OPTIONS,
  type CommandOption,
  commandOptionsHelp,
  type OptionCommand,
} from './command-options.js';
import { renderCommandOptionsTable, renderOptionsTable } from './index.js';
import { SERVER_OPTION_FIELDS, SERVICE_OPTION_FIELDS } from './resolve-options.js';

const readme = new URL('../../README.md', import.meta.url);

/** The Markdown table of `readme` whose header row starts with `header`, as lines. */
function tableOf(readme: URL, header: string): string[] {
  const table = readMarkdownTable(readFileSync(readme, 'utf8'), header);
  expect(table, `no table starting with "${header}" in ${readme.pathname}`).toBeDefined();
  return table ?? [];
}

const variables = (options: readonly CommandOption[]) =>
  options.flatMap(({ field }) => (field.doc.env ? [field.doc.env] : []));

describe('the README tables agree with the options schemas', () => {
  it('packages/agent-service/README.md has the options table rendered from the schemas', () => {
    // On failure, paste `renderOptionsTable()` over the table under "## Programmatic use".
    expect(tableOf(readme, '| Option ').join('\n')).toBe(renderOptionsTable());
  });

  it('packages/agent-service/README.md has the command line table rendered from the schemas', () => {
    // On failure, paste `renderCommandOptionsTable()` over the table under "## CLI".
    expect(tableOf(readme, '| Environment variable ').join('\n')).toBe(renderCommandOptionsTable());
  });
});

describe('the options of each command', () => {
  it('serve reads every variable of the service and of the server', () => {
    const all = [...SERVICE_OPTION_FIELDS, ...SERVER_OPTION_FIELDS].flatMap((field) =>
      field.doc.env ? [field.doc.env] : [],
    );
    expect(variables(COMMAND_OPTIONS.serve)).toEqual(expect.arrayContaining(all));
  });

  it('are listed by --help, flags with their variable', () => {
    for (const [command, options] of Object.entries(COMMAND_OPTIONS)) {
      const help = commandOptionsHelp(command as OptionCommand);
      for (const { field, flag } of options as readonly CommandOption[]) {
        expect(help, command).toContain(flag ?? field.doc.env);
        if (flag) expect(help, command).toContain(`Env ${field.doc.env}.`);
      }
    }
  });
});

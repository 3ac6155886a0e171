import { readFileSync } from 'node:fs';
import { readMarkdownTable } from '@agent-chat/protocol/options';
import { describe, expect, it } from 'vitest';
import { renderOptionsTable } from './index.js';
import { ALL_OPTION_FIELDS } from './resolve-options.js';

const bffReadme = new URL('../../README.md', import.meta.url);
const rootReadme = new URL('../../../../README.md', import.meta.url);

/** The Markdown table of `readme` whose header row starts with `header`, as lines. */
function tableOf(readme: URL, header: string): string[] {
  const table = readMarkdownTable(readFileSync(readme, 'utf8'), header);
  expect(table, `no table starting with "${header}" in ${readme.pathname}`).toBeDefined();
  return table ?? [];
}

const cells = (row: string) =>
  row
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

describe('the README configuration tables agree with the options schema', () => {
  it('packages/bff/README.md has the table rendered from the schema', () => {
    // On failure, paste `renderOptionsTable()` over the table under "## Configuration".
    expect(tableOf(bffReadme, '| Option ').join('\n')).toBe(renderOptionsTable());
  });

  it('the root README lists every variable, with its option and numeric default', () => {
    const byEnv = new Map(
      ALL_OPTION_FIELDS.flatMap((field) => (field.doc.env ? [[field.doc.env, field]] : [])),
    );
    const listed = new Set<string>();
    for (const row of tableOf(rootReadme, '| env / option').slice(2)) {
      const [names = '', , defaults = ''] = cells(row);
      const [envPart = '', optionPart] = names.split(' / ');
      const option = optionPart?.replaceAll('`', '');
      const numbers = defaults.replace(/(\d) (?=\d)/g, '$1').match(/\d+/g) ?? [];
      for (const env of envPart.match(/[A-Z][A-Z0-9_]+/g) ?? []) {
        const field = byEnv.get(env);
        expect(field, `${env} is in the root README but not in the options schema`).toBeDefined();
        if (!field) continue;
        listed.add(env);
        if (option !== undefined) expect(field.path[0], env).toBe(option);
        const fallback = field.schema.safeParse(undefined);
        if (fallback.success && typeof fallback.data === 'number') {
          expect(numbers, `default of ${env}`).toContain(String(fallback.data));
        }
      }
    }
    expect([...listed].sort()).toEqual([...byEnv.keys()].sort());
  });
});

import { describe, expect, it } from 'vitest';
import { readMarkdownTable, renderMarkdownTable } from './markdown-table.js';
import { renderOptionHelp } from './option-help.js';

describe('renderOptionHelp', () => {
  it('lines the meanings up after the names and wraps them under one another', () => {
    const text = renderOptionHelp(
      [
        { name: 'PORT', description: 'Port to listen on.', default: '3001' },
        {
          name: 'EMBEDDINGS_URL',
          description: `An OpenAI-compatible embeddings API ${'word '.repeat(12).trim()}.`,
          default: 'required',
        },
      ],
      60,
    );
    expect(text.split('\n')).toEqual([
      '  PORT            Port to listen on. [default: 3001]',
      '  EMBEDDINGS_URL  An OpenAI-compatible embeddings API word',
      '                  word word word word word word word word',
      '                  word word word. [required]',
    ]);
  });
});

describe('renderMarkdownTable', () => {
  it('pads every column to its widest cell', () => {
    expect(
      renderMarkdownTable([
        ['Option', 'Default'],
        ['`port`', '3001'],
      ]),
    ).toBe('| Option | Default |\n| ------ | ------- |\n| `port` | 3001    |');
  });

  it('is read back from a README: the table under its header, up to the first other line', () => {
    const readme = 'Intro\n\n| Option | Default |\n| --- | --- |\n| `a` | 1 |\nAfter\n| other |';
    expect(readMarkdownTable(readme, '| Option ')).toEqual([
      '| Option | Default |',
      '| --- | --- |',
      '| `a` | 1 |',
    ]);
    expect(readMarkdownTable('| Option |', '| Option ')).toEqual(['| Option |']);
    expect(readMarkdownTable(readme, '| Variable ')).toBeUndefined();
  });
});

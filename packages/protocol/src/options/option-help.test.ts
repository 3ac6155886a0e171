import { describe, expect, it } from 'vitest';
import { renderMarkdownTable } from './markdown-table.js';
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
});

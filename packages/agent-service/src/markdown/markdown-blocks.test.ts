import { describe, expect, it } from 'vitest';
import { markdownBlocks, parseHeadingLine } from './markdown-blocks.js';

describe('parseHeadingLine', () => {
  it('reads ATX headings, closing sequences, {#id} attributes and escapes', () => {
    expect(parseHeadingLine('## Install ##')).toEqual({ level: 2, text: 'Install' });
    expect(parseHeadingLine('   ### Linux {#linux-setup}')).toEqual({
      level: 3,
      text: 'Linux',
      anchor: 'linux-setup',
    });
    expect(parseHeadingLine('# C\\# tips')).toEqual({ level: 1, text: 'C# tips' });
    // The HTML loader's Markdown writer escapes an id's underscores like text.
    expect(parseHeadingLine('# Overview {#\\_top}')).toEqual({
      level: 1,
      text: 'Overview',
      anchor: '_top',
    });
    expect(parseHeadingLine('## set\\_cookie {#set\\_cookie}')).toEqual({
      level: 2,
      text: 'set_cookie',
      anchor: 'set_cookie',
    });
    expect(parseHeadingLine('#hashtag')).toBeUndefined();
    expect(parseHeadingLine('####### seven')).toBeUndefined();
    expect(parseHeadingLine('    # indented code')).toBeUndefined();
  });

  it('costs linear time on a hostile line', () => {
    const line = `# a${' '.repeat(1_000_000)}b${' #'.repeat(100_000)}`;
    const started = performance.now();
    expect(parseHeadingLine(line)?.level).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('markdownBlocks', () => {
  it('yields headings, whole code blocks, tables and text blocks', () => {
    const markdown = [
      'Title',
      '=====',
      'Intro line one',
      'line two',
      '',
      '---',
      '## Setup',
      '~~~~sh',
      'npm i',
      '',
      '```',
      '~~~~',
      '| a | b |',
      '|:--|--:|',
      '| 1 | 2 |',
      'after table',
    ].join('\n');
    expect([...markdownBlocks(markdown)].map((block) => [block.kind, block.text])).toEqual([
      ['heading', 'Title'],
      ['text', 'Intro line one\nline two'],
      ['heading', 'Setup'],
      ['code', '~~~~sh\nnpm i\n\n```\n~~~~'],
      ['table', '| a | b |\n|:--|--:|\n| 1 | 2 |'],
      ['text', 'after table'],
    ]);
  });

  it('drops HTML comments from text blocks, not from code or when unclosed', () => {
    const markdown =
      'Intro <!-- note --> text.\n\n<!-- toc -->\n\n```html\n<!-- kept -->\n```\n\nOpen <!-- here';
    expect([...markdownBlocks(markdown)].map((block) => block.text)).toEqual([
      'Intro  text.',
      '```html\n<!-- kept -->\n```',
      'Open <!-- here',
    ]);
    const many = `a${'<!--x-->'.repeat(200_000)}b`;
    const started = performance.now();
    expect([...markdownBlocks(many)].map((block) => block.text)).toEqual(['ab']);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('runs an unclosed fence to the end', () => {
    const blocks = [...markdownBlocks('Text\n```js\nlet a;\n\n# not a heading')];
    expect(blocks.map((block) => block.kind)).toEqual(['text', 'code']);
    expect(blocks[1]?.text).toBe('```js\nlet a;\n\n# not a heading\n```');
    expect(blocks[1]).toMatchObject({ kind: 'code', closed: false });
    expect([...markdownBlocks('```\na\n```')][0]).toMatchObject({ kind: 'code', closed: true });
  });
});

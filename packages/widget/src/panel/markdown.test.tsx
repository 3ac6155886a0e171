import { cleanup, render } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown, renderInline } from './markdown.js';
import { parseBlock, splitBlocks } from './markdown-blocks.js';
import { safeHref } from './safe-href.js';

vi.mock('./markdown-blocks.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./markdown-blocks.js')>();
  return { ...original, parseBlock: vi.fn(original.parseBlock) };
});

const show = (text: string) =>
  render(<Markdown text={text} copyLabel="Copy code" copiedLabel="Copied" />).container;

afterEach(cleanup);

describe('Markdown', () => {
  it('renders paragraphs, emphasis, code, lists, headings and quotes as elements', () => {
    const container = show(
      '# Title\n\nSome **bold**, *em*, _also em_, ~~gone~~ and `code`.\nNext line\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---',
    );
    expect(container.querySelector('h3')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect([...container.querySelectorAll('em')].map((node) => node.textContent)).toEqual([
      'em',
      'also em',
    ]);
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('p code')?.textContent).toBe('code');
    expect(container.querySelector('p br')).not.toBeNull();
    expect([...container.querySelectorAll('ul li')].map((node) => node.textContent)).toEqual([
      'one',
      'two',
    ]);
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('leaves snake_case words alone', () => {
    const container = show('call read_file_now please');
    expect(container.querySelector('em')).toBeNull();
    expect(container.textContent).toBe('call read_file_now please');
  });

  it('renders fenced code verbatim with a copy button', () => {
    const container = show('Run:\n\n```sh\nnpm i <pkg> && echo "**not bold**"\n```\nafter');
    expect(container.querySelector('pre code')?.textContent).toBe(
      'npm i <pkg> && echo "**not bold**"',
    );
    expect(container.querySelector('.code-bar span')?.textContent).toBe('sh');
    expect(container.querySelector('.code button')?.textContent).toBe('Copy code');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('p:last-child')?.textContent).toBe('after');
  });

  it('links only http(s) and mailto URLs, opening them safely', () => {
    const container = show(
      '[docs](https://docs.example/a?b=1) <mailto:help@example.com> https://example.com/x. [bad](javascript:alert(1)) [data](data:text/html,hi) [rel](/relative) ![img](https://tracker.example/p.png)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://docs.example/a?b=1',
      'mailto:help@example.com',
      'https://example.com/x',
      'https://tracker.example/p.png',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('rel');
    expect(container.querySelector('img')).toBeNull();
  });

  it('turns hostile HTML into inert text', () => {
    const hostile =
      '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script> <a href="javascript:alert(1)">click</a> <iframe src="https://evil.example"></iframe>';
    const container = show(hostile);
    for (const tag of ['img', 'script', 'iframe']) {
      expect(container.querySelector(tag)).toBeNull();
    }
    // The bare https URL may be linked; the javascript: one never is.
    const hrefs = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['https://evil.example/']);
    expect(container.textContent).toBe(hostile);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.startsWith('on')).toBe(false);
      }
    }
  });
});

describe('Markdown while an answer streams', () => {
  it('parses only the block still growing, not the whole answer, on each fragment', () => {
    const blocks = [
      '## Setup',
      'Install the **package** and read [the docs](https://docs.example).',
      '```sh\nnpm install agent-chat\n```',
      '- one\n- two',
      'Then *restart* the server.',
    ];
    const answer = blocks.join('\n\n');
    const parse = vi.mocked(parseBlock);
    const view = render(<Markdown text="" copyLabel="Copy code" copiedLabel="Copied" />);
    parse.mockClear();
    let renders = 0;
    for (let length = 4; length <= answer.length; length += 4) {
      view.rerender(
        <Markdown text={answer.slice(0, length)} copyLabel="Copy code" copiedLabel="Copied" />,
      );
      renders++;
    }
    view.rerender(<Markdown text={answer} copyLabel="Copy code" copiedLabel="Copied" />);
    renders++;
    // One parse per render (the last block) plus at most one per block as it is completed.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(renders + blocks.length);
    expect(view.container.querySelector('pre code')?.textContent).toBe('npm install agent-chat');
    expect(view.container.querySelectorAll('.markdown > *')).toHaveLength(blocks.length);
  });
});

describe('renderInline on hostile text', () => {
  it('stays linear when openers never close (each frame re-parses the growing block)', () => {
    const container = (text: string) => render(<p>{renderInline(text)}</p>).container;
    for (const unit of ['~~a ', '**a ', '__a ', '[a ', '`a` **b ~~c __d [e ']) {
      const text = unit.repeat(Math.ceil(80_000 / unit.length));
      const start = performance.now();
      renderInline(text);
      // Linear: a few milliseconds; unbounded spans took seconds here (quadratic).
      expect(performance.now() - start).toBeLessThan(150);
    }
    const tail = container(`${'~~a '.repeat(2000)}and **bold** at the end`);
    expect(tail.querySelector('strong')?.textContent).toBe('bold');
    expect(tail.querySelector('del')).toBeNull();
  });
});

describe('splitBlocks', () => {
  it('keeps finished blocks identical while text is appended', () => {
    const answer =
      'First paragraph.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n- a\n- b\nmore of b\n\nLast one';
    const final = splitBlocks(answer);
    expect(final).toEqual([
      'First paragraph.',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      '- a\n- b\nmore of b',
      'Last one',
    ]);
    for (let length = 1; length < answer.length; length++) {
      const partial = splitBlocks(answer.slice(0, length));
      // Every block but the last is already final: memoised blocks are not re-parsed.
      for (let index = 0; index < partial.length - 1; index++) {
        expect(partial[index]).toBe(final[index]);
      }
    }
  });

  it('parses an unclosed fence while streaming', () => {
    expect(parseBlock('```py\nprint(1)')).toEqual({ type: 'code', lang: 'py', code: 'print(1)' });
    expect(parseBlock('- a\n- b\ncontinued')).toEqual({
      type: 'list',
      ordered: false,
      start: 1,
      items: ['a', 'b\ncontinued'],
    });
  });
});

describe('safeHref', () => {
  it('accepts only absolute http(s) and (optionally) mailto URLs', () => {
    expect(safeHref('https://a.example/x')).toBe('https://a.example/x');
    expect(safeHref(' HTTP://A.example ')).toBe('http://a.example/');
    expect(safeHref('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeHref('mailto:a@b.example', false)).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\nscript:x',
      'data:x',
      'vbscript:x',
      '/relative',
      '//evil.example',
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });
});

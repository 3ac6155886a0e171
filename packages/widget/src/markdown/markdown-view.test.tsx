import { cleanup, render } from '@testing-library/preact';
import { render as renderInto } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownOptions } from '../panel/markdown.js';
import { groupSize, MarkdownView } from './markdown-view.js';
import type { MarkdownOptions } from './render-tokens.js';

const options = markdownOptions('Copy code', 'Copied');
const show = (text: string, with_: MarkdownOptions = options) =>
  render(<MarkdownView text={text} options={with_} />).container;
const texts = (container: Element, selector: string) =>
  [...container.querySelectorAll(selector)].map((node) => node.textContent);

afterEach(cleanup);

describe('MarkdownView', () => {
  it('renders paragraphs, emphasis, code, lists, headings and quotes as elements', () => {
    const container = show(
      '# Title\n\nSome **bold**, *em*, _also em_, ~~gone~~ and `code`.\nNext line\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---',
    );
    expect(container.querySelector('h3.heading.h1')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(texts(container, 'em')).toEqual(['em', 'also em']);
    expect(container.querySelector('del')?.textContent).toBe('gone');
    expect(container.querySelector('p code')?.textContent).toBe('code');
    expect(texts(container, 'ul li')).toEqual(['one', 'two']);
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect(container.querySelector('blockquote p')?.textContent).toBe('quoted');
    expect(container.querySelector('hr')).not.toBeNull();
  });

  it('renders what LLM answers use: nested lists, code and paragraphs in items, lists in quotes', () => {
    const container = show(
      [
        '1. Install:',
        '',
        '   ```sh',
        '   npm i agent-chat',
        '   ```',
        '',
        '   Then restart.',
        '2. Configure',
        '   - level two',
        '     - level three',
        '',
        '> - quoted item',
        '> - another',
        '',
        'Setext heading',
        '==============',
        '',
        '***both*** and *a **b** c*, 5 \\* 3, &amp; &nbsp;x, [docs][1]',
        '',
        '[1]: https://docs.example/start',
      ].join('\n'),
    );
    expect(container.querySelectorAll('ol')).toHaveLength(1);
    expect(container.querySelector('ol > li > .code pre code')?.textContent).toBe(
      'npm i agent-chat',
    );
    expect(container.querySelector('ol > li > p:last-child')?.textContent).toBe('Then restart.');
    expect(container.querySelector('ol ul ul li')?.textContent).toBe('level three');
    expect(texts(container, 'blockquote ul li')).toEqual(['quoted item', 'another']);
    expect(container.querySelector('h3.h1')?.textContent).toBe('Setext heading');
    expect(container.querySelector('em strong, strong em')?.textContent).toBe('both');
    expect(container.querySelector('em strong + *')).toBeNull();
    const last = container.querySelector('.markdown > .blocks > p:last-child');
    expect(last?.textContent).toBe('both and a b c, 5 * 3, & \u00a0x, docs');
    expect(last?.querySelector('a')?.getAttribute('href')).toBe('https://docs.example/start');
  });

  it('renders GFM tables with alignment classes, task lists as disabled checkboxes, autolinks', () => {
    const container = show(
      '| Name | Size | Note |\n|:-----|-----:|:----:|\n| a | 1 | *x* |\n| b | 22 | y |\n\n- [x] done\n- [ ] todo\n\nSee https://example.com/a and www.example.org.',
    );
    expect(texts(container, '.table thead th')).toEqual(['Name', 'Size', 'Note']);
    expect([...container.querySelectorAll('th')].map((cell) => cell.getAttribute('class'))).toEqual(
      ['align-left', 'align-right', 'align-center'],
    );
    expect(texts(container, 'tbody tr:last-child td')).toEqual(['b', '22', 'y']);
    expect(container.querySelector('td em')?.textContent).toBe('x');
    for (const cell of container.querySelectorAll('th, td')) {
      expect(cell.getAttribute('style')).toBeNull();
    }
    const boxes = [...container.querySelectorAll<HTMLInputElement>('li.task input')];
    expect(boxes.map((box) => [box.type, box.disabled, box.checked])).toEqual([
      ['checkbox', true, true],
      ['checkbox', true, false],
    ]);
    expect(texts(container, 'li.task')).toEqual([' done', ' todo'].map((text) => text.trim()));
    expect([...container.querySelectorAll('p a')].map((link) => link.getAttribute('href'))).toEqual(
      ['https://example.com/a', 'http://www.example.org'],
    );
  });

  it('renders fenced code verbatim through the code block component (label, copy button)', () => {
    const container = show('Run:\n\n```sh\nnpm i <pkg> && echo "**not bold**"\n```\nafter');
    expect(container.querySelector('pre code')?.textContent).toBe(
      'npm i <pkg> && echo "**not bold**"',
    );
    expect(container.querySelector('pre code')?.className).toBe('language-sh');
    expect(container.querySelector('.code-bar span')?.textContent).toBe('sh');
    expect(container.querySelector('.code button')?.textContent).toBe('Copy code');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelector('p:last-child')?.textContent).toBe('after');
  });

  it('links only http(s) and mailto URLs, opening them safely; images are links, never loaded', () => {
    const container = show(
      '[docs](https://docs.example/a?b=1) <mailto:help@example.com> https://example.com/x. [bad](javascript:alert(1)) [data](data:text/html,hi) [rel](/relative) ![img](https://tracker.example/p.png?q=secret) [![inner](https://tracker.example/i.png)](https://docs.example/b)',
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://docs.example/a?b=1',
      'mailto:help@example.com',
      'https://example.com/x',
      'https://tracker.example/p.png?q=secret',
      'https://docs.example/b',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(links[3]?.textContent).toBe('img');
    expect(links[4]?.textContent).toBe('inner');
    expect(container.textContent).toContain('bad');
    expect(container.textContent).toContain('rel');
    expect(container.querySelector('img')).toBeNull();
  });

  it('turns hostile HTML into inert text', () => {
    const hostile =
      '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script> <a href="javascript:alert(1)">click</a> <iframe src="https://evil.example"></iframe>';
    const container = show(`${hostile}\n\n<div onclick="x()">\n*block*\n</div>`);
    for (const tag of ['img', 'script', 'iframe', 'div.blocks div']) {
      expect(container.querySelector(tag)).toBeNull();
    }
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe(hostile);
    expect(container.querySelector('p:last-child')?.textContent).toBe(
      '<div onclick="x()">\n*block*\n</div>',
    );
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.startsWith('on')).toBe(false);
      }
    }
  });

  it('passes plain text (not code or link text) through the inline text hook', () => {
    const seen: string[] = [];
    const container = show('See [1] and `[2]` or [a [3] link](https://a.example).', {
      ...options,
      text: (text) => {
        seen.push(text);
        return text.replace('[1]', '(one)');
      },
    });
    expect(container.textContent).toBe('See (one) and [2] or a [3] link.');
    expect(seen.join('|')).not.toContain('[2]');
    expect(seen.join('|')).not.toContain('[3]');
  });

  it('streams a long answer into groups of blocks whose elements are kept, even when a group fills up', () => {
    const container = document.createElement('div');
    const first = new Map<number, Element>();
    let text = '';
    for (let index = 0; index < groupSize * 2 + 5; index++) {
      text +=
        index % 7 === 3 ? `- item ${index}\n- next *item*\n\n` : `Paragraph **${index}**.\n\n`;
      renderInto(<MarkdownView text={text} options={options} streaming />, container);
      const blocks = [...container.querySelectorAll('.blocks > *')];
      expect(blocks).toHaveLength(index + 1);
      for (const [position, element] of blocks.entries()) {
        // The same element from the first render that showed the block on: never re-created.
        expect(element).toBe(first.get(position) ?? element);
        first.set(position, element);
      }
    }
    const groups = [...container.querySelectorAll('.markdown > .blocks')];
    // `groupSize` tokens per group: each block and the blank line after it.
    const half = groupSize / 2;
    expect(groups.map((group) => group.children.length)).toEqual([half, half, half, half, 5]);
    // Groups there at an earlier render are settled (the browser may skip them off screen).
    expect(groups.map((group) => group.className)).toEqual(
      Array.from({ length: 5 }, () => 'blocks settled'),
    );
    renderInto(<MarkdownView text={text} options={options} />, container);
    const streamed = container.innerHTML.replaceAll(' settled', '');
    renderInto(null, container);
    renderInto(<MarkdownView text={text} options={options} />, container);
    // Rendered at once, no group is settled yet (none has been laid out).
    expect(container.innerHTML).toBe(streamed);
    renderInto(null, container);
  });
});

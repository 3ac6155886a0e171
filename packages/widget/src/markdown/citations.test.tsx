import type { Source } from '@agent-chat/protocol';
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownOptions } from '../panel/markdown.js';
import { citationTargets } from './citations.js';
import { groupSize, MarkdownView } from './markdown-view.js';

const options = markdownOptions('Copy code', 'Copied');

function source(fields: Partial<Source>): Source {
  return {
    chunk_id: 'c',
    datasource_id: 'd',
    datasource_name: 'Docs',
    datasource_type: 'web_page',
    source_url: 'https://docs.example/start',
    mime_type: 'text/html',
    score: 1,
    ...fields,
  };
}

const sources: Source[] = [
  source({ datasource_name: 'Pricing', source_url: 'https://acme.example/pricing#teams' }),
  source({ datasource_name: 'Evil', source_url: "javascript:alert('x')" }),
  source({
    datasource_name: '  ',
    source_url: 'https://files.example/manual.pdf',
    mime_type: 'application/pdf',
    page_number: 12,
  }),
  source({ datasource_name: '<img src=x onerror=alert(1)>', source_url: 'http://a.example/' }),
];

let container: HTMLElement;
afterEach(() => {
  if (container) render(null, container);
});

function show(text: string, withSources: readonly Source[] | null = sources, streaming = false) {
  container ??= document.createElement('div');
  render(
    <MarkdownView
      text={text}
      options={options}
      streaming={streaming}
      sources={withSources ?? undefined}
    />,
    container,
  );
  return container;
}

const citations = (root: Element) =>
  [...root.querySelectorAll('a.citation')].map((link) => ({
    text: link.textContent,
    href: link.getAttribute('href'),
    title: link.getAttribute('title'),
    label: link.getAttribute('aria-label'),
  }));

describe('citationTargets', () => {
  it('links only http(s) sources, adds #page=N for a page, keeps a heading anchor', () => {
    expect(citationTargets(sources, 'Source {n}: {title}')).toEqual([
      {
        href: 'https://acme.example/pricing#teams',
        title: 'Pricing',
        label: 'Source 1: Pricing',
      },
      undefined,
      {
        href: 'https://files.example/manual.pdf#page=12',
        title: 'files.example',
        label: 'Source 3: files.example',
      },
      {
        href: 'http://a.example/',
        title: '<img src=x onerror=alert(1)>',
        label: 'Source 4: <img src=x onerror=alert(1)>',
      },
    ]);
    const odd = [null, source({ source_url: null }), source({ page_number: -1 })] as Source[];
    expect(citationTargets(odd, '{n}')).toEqual([
      undefined,
      undefined,
      { href: 'https://docs.example/start', title: 'Docs', label: '3' },
    ]);
  });
});

describe('citations in MarkdownView', () => {
  it('links [n] to the n-th source in plain text only, never in code, links or labels', () => {
    const root = show(
      [
        '## Plans [1]',
        '',
        'Teams pay more [1][3]. Not [2] (no safe URL), not [9] (no source), not `[1]`, not \\[1\\], not [a [1] link](https://b.example), not [docs][1].',
        '',
        '- item [4]',
        '',
        '| a | b |',
        '|---|---|',
        '| [3] | x |',
        '',
        '```',
        'code [1]',
        '```',
      ].join('\n'),
    );
    expect(citations(root)).toEqual([
      {
        text: '[1]',
        href: 'https://acme.example/pricing#teams',
        title: 'Pricing',
        label: 'Source 1: Pricing',
      },
      {
        text: '[1]',
        href: 'https://acme.example/pricing#teams',
        title: 'Pricing',
        label: 'Source 1: Pricing',
      },
      {
        text: '[3]',
        href: 'https://files.example/manual.pdf#page=12',
        title: 'files.example',
        label: 'Source 3: files.example',
      },
      {
        text: '[4]',
        href: 'http://a.example/',
        title: '<img src=x onerror=alert(1)>',
        label: 'Source 4: <img src=x onerror=alert(1)>',
      },
      {
        text: '[3]',
        href: 'https://files.example/manual.pdf#page=12',
        title: 'files.example',
        label: 'Source 3: files.example',
      },
    ]);
    expect(root.querySelector('h4 a.citation')).not.toBeNull();
    expect(root.querySelector('li a.citation')).not.toBeNull();
    expect(root.querySelector('td a.citation')).not.toBeNull();
    expect(root.querySelector('a a')).toBeNull();
    expect(root.querySelector('pre')?.textContent).toBe('code [1]');
    expect(root.querySelector('img')).toBeNull();
    for (const link of root.querySelectorAll('a.citation')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(root.textContent).toContain(
      'Not [2] (no safe URL), not [9] (no source), not [1], not [1], not a [1] link, not [docs][1].',
    );
  });

  it('leaves citations as text without sources', () => {
    expect(citations(show('See [1].', null))).toEqual([]);
    expect(citations(show('See [1].', []))).toEqual([]);
  });

  it('links citations once the sources arrive, rendering again only the blocks that cite', () => {
    const blocks = Array.from({ length: groupSize + 4 }, (_, index) =>
      index % 5 === 0 ? `Cited [1] in ${index}.` : `Plain ${index}.`,
    );
    const text = blocks.join('\n\n');
    const rendered: string[] = [];
    const counting = {
      ...options,
      text: (run: string) => {
        rendered.push(run);
        return run;
      },
    };
    const root = document.createElement('div');
    const draw = (markdown: string, streaming: boolean, withSources?: Source[]) =>
      render(
        <MarkdownView
          text={markdown}
          options={counting}
          streaming={streaming}
          sources={withSources}
        />,
        root,
      );
    let partial = '';
    for (const block of blocks) {
      partial += `${block}\n\n`;
      draw(partial, true);
    }
    draw(text, false);
    const before = [...root.querySelectorAll('.blocks > p')];
    expect(citations(root)).toEqual([]);
    rendered.length = 0;
    draw(text, false, sources);
    const cited = blocks.filter((block) => block.includes('[1]'));
    expect(citations(root)).toHaveLength(cited.length);
    // Only the blocks that cite were rendered again (the text hook saw nothing else)…
    expect(rendered.join('')).toBe(cited.join('').replaceAll('[1]', ''));
    // …and every paragraph kept its element.
    const after = [...root.querySelectorAll('.blocks > p')];
    expect(after).toHaveLength(blocks.length);
    for (const [index, paragraph] of after.entries()) expect(paragraph).toBe(before[index]);
    render(null, root);
  });
});

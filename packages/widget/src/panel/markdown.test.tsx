import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, preloadMarkdown } from './markdown.js';

afterEach(cleanup);

describe('Markdown (the panel’s lazily loaded renderer)', () => {
  it('shows the text as plain text until the Markdown chunk has loaded, then as elements', async () => {
    const view = render(
      <Markdown
        text={'# Title\n\n```ts\nconst a = 1;\n```'}
        copyLabel="Copy code"
        copiedLabel="Copied"
        streaming
      />,
    );
    const plain = view.container.querySelector('.markdown.plain');
    if (plain) expect(plain.textContent).toBe('# Title\n\n```ts\nconst a = 1;\n```');
    await preloadMarkdown();
    await waitFor(() => expect(view.container.querySelector('h3')?.textContent).toBe('Title'));
    // Code blocks keep their language label and copy button.
    expect(view.container.querySelector('.code .code-bar span')?.textContent).toBe('ts');
    expect(view.container.querySelector('.code .code-bar button')?.textContent).toBe('Copy code');
    expect(view.container.querySelector('.code pre code')?.textContent).toBe('const a = 1;');
    // A long line scrolls the block sideways: it takes focus, so keys can scroll it.
    expect(view.container.querySelector<HTMLElement>('.code pre')?.tabIndex).toBe(0);
    expect(view.container.querySelector('.markdown.plain')).toBeNull();
  });
});

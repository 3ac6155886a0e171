import { describe, expect, it } from 'vitest';
import { markdownInMain } from '../../testing/index.js';

describe('table cells', () => {
  it("reads a cell's paragraphs, breaks, lists and code as one line, so each row stays one line", () => {
    const markdown = markdownInMain(
      [
        '<table><thead><tr><th>Option</th><th>Description</th></tr></thead><tbody>',
        '<tr><td><code>outDir</code></td><td><p>Where files go.</p><p>Relative to the root | or absolute.</p></td></tr>',
        '<tr><td><code>formats</code></td><td>One of:<ul><li><code>es</code></li><li><code>umd</code></li></ul>Default<br>both.</td></tr>',
        '<tr><td><code>banner</code></td><td><pre><code>/* (c)\n   Acme */</code></pre></td></tr>',
        '</tbody></table>',
      ].join(''),
    );
    expect(markdown).toBe(
      [
        '| Option | Description |',
        '| - | - |',
        '| `outDir` | Where files go. Relative to the root \\| or absolute. |',
        '| `formats` | One of: `es`; `umd` Default both. |',
        '| `banner` | `/* (c) Acme */` |',
      ].join('\n'),
    );
  });

  it('leaves text outside tables as it was', () => {
    expect(markdownInMain('<p>One.</p><ul><li>a</li><li>b</li></ul>')).toBe('One.\n\n- a\n- b');
  });
});

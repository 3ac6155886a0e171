import { describe, expect, it } from 'vitest';
import { markdownInMain as markdownOf } from '../../testing/index.js';

const pythonLines =
  '<span class="kn">import</span> <span class="nn">foo</span>\n<span class="n">foo</span><span class="o">.</span><span class="n">run</span><span class="p">()</span>\n';

describe('loadHtml: code blocks', () => {
  it('reads a line-numbered code table (Pygments linenos: Sphinx, MkDocs) as its code', () => {
    const sphinx = `<div class="highlight-python notranslate"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span class="normal">1</span>\n<span class="normal">2</span></pre></div></td><td class="code"><div class="highlight"><pre><span></span>${pythonLines}</pre></div></td></tr></table></div>`;
    const mkdocs = `<div class="language-python highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span></span><span class="normal"><a href="#__codelineno-0-1">1</a></span>\n<span class="normal"><a href="#__codelineno-0-2">2</a></span></pre></div></td><td class="code"><div><pre><span></span><code>${pythonLines}</code></pre></div></td></tr></table></div>`;
    for (const body of [sphinx, mkdocs]) {
      expect(markdownOf(body)).toBe('```\nimport foo\nfoo.run()\n```');
    }
  });

  it('reads Hugo (Chroma) line numbers, in a table or inline, as nothing', () => {
    const table = `<div class="highlight"><div class="chroma"><table class="lntable"><tr><td class="lntd"><pre tabindex="0" class="chroma"><code><span class="lnt">1\n</span><span class="lnt">2\n</span></code></pre></td><td class="lntd"><pre tabindex="0" class="chroma"><code class="language-go" data-lang="go"><span class="line"><span class="cl">import "foo"\n</span></span><span class="line"><span class="cl">foo.Run()\n</span></span></code></pre></td></tr></table></div></div>`;
    const inline = `<div class="highlight"><pre tabindex="0" class="chroma"><code class="language-go" data-lang="go"><span class="line"><span class="ln">1</span><span class="cl">import "foo"\n</span></span><span class="line"><span class="ln">2</span><span class="cl">foo.Run()\n</span></span></code></pre></div>`;
    for (const body of [table, inline]) {
      expect(markdownOf(body)).toBe('```go\nimport "foo"\nfoo.Run()\n```');
    }
  });

  it('breaks lines written as elements without a newline between them (GitBook)', () => {
    const gitbook = `<pre><code class="language-javascript"><span class="highlight-line"><span class="highlight-line-number" data-line-number="1"></span><span class="highlight-line-content">import foo</span></span><span class="highlight-line"><span class="highlight-line-number" data-line-number="2"></span><span class="highlight-line-content">foo.run()</span></span></code></pre>`;
    expect(markdownOf(gitbook)).toBe('```javascript\nimport foo\nfoo.run()\n```');
  });

  it('adds no line break where the lines have one (Shiki, Prism with <br>, block lines)', () => {
    const shiki =
      '<pre class="shiki"><code><span class="line"><span>a()</span></span>\n<span class="line"><span>b()</span></span></code></pre>';
    const prism =
      '<pre class="prism-code"><code><span class="token-line">a()<br></span><span class="token-line">b()<br></span></code></pre>';
    const blocks =
      '<pre><code><div class="ec-line"><div class="code">a()</div></div><div class="ec-line"><div class="code">b()</div></div></code></pre>';
    for (const body of [shiki, prism, blocks]) expect(markdownOf(body)).toBe('```\na()\nb()\n```');
  });

  it('keeps a table whose first column holds numbers as a table', () => {
    const table =
      '<table><tr><th>Code</th><th>Meaning</th></tr><tr><td>2</td><td>Fatal error</td></tr></table>';
    expect(markdownOf(table)).toBe('| Code | Meaning |\n| - | - |\n| 2 | Fatal error |');
    const numbersBesideText = '<table><tr><td><pre>1\n2</pre></td><td>Two steps</td></tr></table>';
    expect(markdownOf(numbersBesideText)).toContain('Two steps');
    expect(markdownOf(numbersBesideText)).toContain('|');
  });

  it('takes the language of a block from its wrapper or data-language, drops the label', () => {
    const vitepress =
      '<div class="language-sh vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">sh</span><pre class="shiki"><code><span class="line"><span>npm i x</span></span></code></pre></div>';
    expect(markdownOf(vitepress)).toBe('```sh\nnpm i x\n```');
    const sphinx =
      '<div class="highlight-python notranslate"><div class="highlight"><pre><span></span>import foo\n</pre></div></div>';
    expect(markdownOf(sphinx)).toBe('```python\nimport foo\n```');
    const expressiveCode =
      '<figure class="frame"><pre data-language="js"><code><div class="ec-line"><div class="code">run()</div></div></code></pre></figure>';
    expect(markdownOf(expressiveCode)).toBe('```js\nrun()\n```');
    const own = '<div class="language-sh"><pre><code class="language-bash">ls</code></pre></div>';
    expect(markdownOf(own)).toBe('```bash\nls\n```');
    const unnamed = '<div class="highlight-default notranslate"><pre>ls</pre></div>';
    expect(markdownOf(unnamed)).toBe('```\nls\n```');
    // A "lang" word that is no label of a code block stays.
    expect(markdownOf('<p><span class="lang">fr</span> Bonjour</p>')).toBe('fr Bonjour');
  });

  it("keeps a code frame's file name, not its caption for screen readers", () => {
    const frame = (caption: string) =>
      `<figure class="frame"><figcaption class="header">${caption}</figcaption><pre data-language="sh"><code>ls</code></pre></figure>`;
    expect(
      markdownOf(frame('<span class="title"></span><span class="sr-only">Terminal window</span>')),
    ).toBe('```sh\nls\n```');
    expect(markdownOf(frame('<span class="title">deploy.sh</span>'))).toBe(
      'deploy.sh\n\n```sh\nls\n```',
    );
    // A figure's caption without code keeps all its text.
    expect(
      markdownOf(
        '<figure><img src="a.png" alt=""><figcaption>Plot <span class="sr-only">(opens)</span></figcaption></figure>',
      ),
    ).toBe('Plot (opens)');
  });
});

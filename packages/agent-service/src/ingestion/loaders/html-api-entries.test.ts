import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../chunking/index.js';
import { loadHtml } from './html-loader.js';

const headings = (body: string) =>
  loadHtml(`<div role="main">${body}</div>`)
    .markdown.split('\n')
    .filter((line) => line.startsWith('#'));

const signature = (id: string, html: string) =>
  `<dt class="sig sig-object py" id="${id}">${html}<a class="headerlink" href="#${id}" title="Link to this definition">¶</a></dt>`;

describe('loadHtml: API entries (Sphinx)', () => {
  it('reads each signature as a heading with its id, the methods of a class one level down', () => {
    const page = `<section id="module-skyhook"><h1>skyhook<a class="headerlink" href="#module-skyhook">¶</a></h1>
      <dl class="py class">${signature('skyhook.Client', '<em class="property"><span class="pre">class</span><span class="w"> </span></em><span class="sig-prename descclassname"><span class="pre">skyhook.</span></span><span class="sig-name descname"><span class="pre">Client</span></span><span class="sig-paren">(</span><em class="sig-param">url</em><span class="sig-paren">)</span><a class="reference internal" href="_modules/skyhook.html#Client"><span class="viewcode-link"><span class="pre">[source]</span></span></a>')}
      <dd><p>A connection to one relay.</p>
        <dl class="py method">${signature('skyhook.Client.send', '<span class="sig-name descname">send</span><span class="sig-paren">(</span><em class="sig-param">event</em><span class="sig-paren">)</span>')}<dd><p>Sends one event.</p></dd></dl>
        <dl class="py method">${signature('skyhook.Client.close', '<span class="sig-name descname">close</span><span class="sig-paren">()</span>')}<dd><p>Closes it.</p></dd></dl>
      </dd></dl>
      <dl class="py function">${signature('skyhook.connect', '<span class="sig-name descname">connect</span><span class="sig-paren">()</span>')}<dd><p>Opens a client.</p></dd></dl>
      <section id="errors"><h2>Errors</h2><p>Every error derives from RelayError.</p></section></section>`;
    expect(headings(page)).toEqual([
      '# skyhook {#module-skyhook}',
      '## class skyhook.Client {#skyhook.Client}',
      '### send {#skyhook.Client.send}',
      '### close {#skyhook.Client.close}',
      '## connect {#skyhook.connect}',
      '## Errors {#errors}',
    ]);
    const markdown = loadHtml(`<div role="main">${page}</div>`).markdown;
    expect(markdown).toContain('Sends one event.');
    expect(markdown).not.toContain('[source]');
    // The signature is the first line of the entry's own text.
    expect(markdown).toContain(
      '{#skyhook.Client}\n\n`class skyhook.Client(url)`\n\nA connection to one relay.',
    );
    expect(markdown).toContain('`send(event)`\n\nSends one event.');
  });

  it('names a class in its heading, so its parameters are not in the title of each method', () => {
    const parameters = ['host', 'port=5671', 'heartbeat=60', 'proxy=None', 'retry_limit=5'];
    const page = `<h1>Relay</h1><dl class="py class">${signature('skyhook.Relay', `<em class="property"><span class="pre">class</span> </em><span class="sig-prename descclassname"><span class="pre">skyhook.</span></span><span class="sig-name descname"><span class="pre">Relay</span></span><span class="sig-paren">(</span>${parameters.map((name) => `<em class="sig-param"><span class="pre">${name}</span></em>`).join(', ')}<span class="sig-paren">)</span>`)}
      <dd><p>A relay.</p><dl class="py attribute">${signature('skyhook.Relay.name', '<em class="property"><span class="pre">attribute</span> </em><span class="sig-name descname"><span class="pre">name</span></span><em class="property"><span class="pre">:</span> <span class="pre">str</span> <span class="pre">=</span> <span class="pre">\'main\'</span></em>')}<dd><p>Its name.</p></dd></dl></dd></dl>`;
    const { markdown } = loadHtml(page);
    const chunks = chunkDocument({
      format: 'html',
      title: 'Relay',
      markdown,
      mimeType: 'text/html',
    });
    const titles = chunks.map((chunk) => chunk.title);
    expect(titles).toContain('Relay › class skyhook.Relay › attribute name');
    expect(titles.join('\n')).not.toMatch(/heartbeat|proxy/);
    const text = chunks.map((chunk) => chunk.content).join('\n');
    expect(text).toContain(
      '`class skyhook.Relay(host, port=5671, heartbeat=60, proxy=None, retry_limit=5)`',
    );
    expect(text).toContain("`attribute name: str = 'main'`");
  });

  it('keeps an overload as a line of its entry, and other definition lists as lists', () => {
    const overload = `<h1>Guide</h1><dl class="py function">${signature('pkg.f', 'f(a)')}<dt class="sig sig-object py">f(a, b)</dt><dd><p>Adds.</p></dd></dl>`;
    expect(headings(overload)).toEqual(['# Guide', '## f(a) {#pkg.f}']);
    expect(loadHtml(overload).markdown).toContain('f(a, b)\n\nAdds.');
    const options =
      '<h1>Guide</h1><dl><dt id="opt-a">-a</dt><dd><p>All.</p></dd><dt>-b</dt><dd><p>Brief.</p></dd></dl>';
    expect(headings(options)).toEqual(['# Guide']);
    const footnotes =
      '<h1>Guide</h1><dl class="footnote brackets"><dt class="label" id="id2"><span class="brackets">2</span></dt><dd><p>A note.</p></dd></dl>';
    expect(headings(footnotes)).toEqual(['# Guide']);
  });

  it('reads a list whose every term has an id as entries: DocBook parameters, a glossary', () => {
    const parameters = `<h2>Memory</h2><div class="variablelist"><dl class="variablelist">
      <dt id="GUC-WORK-MEM"><span class="term"><code class="varname">work_mem</code> (<code class="type">integer</code>) <a id="id-1.6.7.5.2.2.1.3" class="indexterm"></a></span></dt>
      <dd><p>Sets the base maximum amount of memory.</p></dd>
      <dt id="GUC-TEMP-FILES"><span class="term"><code>-t</code><br /></span><span class="term"><code>--temp-files</code></span></dt>
      <dd><p>Spills to disk.</p></dd></dl></div>`;
    expect(headings(parameters)).toEqual([
      '## Memory',
      '### work_mem (integer) {#GUC-WORK-MEM}',
      '### -t --temp-files {#GUC-TEMP-FILES}',
    ]);
    const glossary =
      '<h1>Guide</h1><dl class="glossary"><dt id="term-relay">relay</dt><dd><p>A server.</p></dd></dl>';
    expect(headings(glossary)).toEqual(['# Guide', '## relay {#term-relay}']);
  });

  it('reads Sphinx 3 autodoc entries too: a `<dt id>` without the `sig` class, its name in `descname`', () => {
    const page = `<h1>Client</h1><dl class="py class"><dt id="skyhook.Client"><em class="property">class </em><code class="sig-prename descclassname">skyhook.</code><code class="sig-name descname">Client</code><span class="sig-paren">(</span><em class="sig-param">url</em><span class="sig-paren">)</span><a class="headerlink" href="#skyhook.Client" title="Permalink to this definition">¶</a></dt>
      <dd><p>A connection.</p><dl class="method"><dt id="skyhook.Client.send"><code class="descname">send</code><span class="sig-paren">(</span><em>event</em><span class="sig-paren">)</span></dt><dd><p>Sends one event.</p></dd></dl></dd></dl>`;
    expect(headings(page)).toEqual([
      '# Client',
      '## class skyhook.Client {#skyhook.Client}',
      '### send {#skyhook.Client.send}',
    ]);
  });
});

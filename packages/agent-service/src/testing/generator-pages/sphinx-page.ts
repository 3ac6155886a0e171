import type { GeneratorPage } from './generator-page.js';

// Sphinx 7 (Alabaster theme): each heading opens a <section id>, the id is on the section
// (and on its "¶" headerlink); explicit labels add a <span id> before the heading.
const heading = (level: number, id: string, text: string, permalinks: boolean) =>
  `<h${level}>${text}${permalinks ? `<a class="headerlink" href="#${id}" title="Link to this heading">¶</a>` : ''}</h${level}>`;

function sphinxHtml(permalinks: boolean): string {
  const h = (level: number, id: string, text: string) => heading(level, id, text, permalinks);
  return `<!DOCTYPE html>
<html lang="en" data-content_root="../">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<meta name="generator" content="Docutils 0.21.2: https://docutils.sourceforge.io/" />
<title>Configuring workers &#8212; Gullwing 2.4 documentation</title>
<link rel="stylesheet" type="text/css" href="../_static/pygments.css?v=d1102ebc" />
<link rel="stylesheet" type="text/css" href="../_static/alabaster.css?v=12dfc556" />
<script src="../_static/documentation_options.js?v=5929fcd5"></script>
<script src="../_static/doctools.js?v=9a2dae69"></script>
<link rel="search" title="Search" href="../search.html" />
<link rel="next" title="Scaling out" href="scaling.html" />
</head><body>
<div class="related" role="navigation" aria-label="Related"><h3>Navigation</h3><ul>
<li class="right" style="margin-right: 10px"><a href="../genindex.html" title="General Index" accesskey="I">index</a></li>
<li class="right"><a href="scaling.html" title="Scaling out" accesskey="N">next</a> |</li>
<li class="nav-item nav-item-0"><a href="../index.html">Gullwing 2.4 documentation</a> &#187;</li></ul></div>
<div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
<section id="configuring-workers">
<span id="config-workers"></span>${h(1, 'configuring-workers', 'Configuring workers')}
<p>Gullwing workers pull tasks from the broker and acknowledge each one after it finishes.</p>
<section id="worker-pools">
${h(2, 'worker-pools', 'Worker pools')}
<p>A pool forks one child per CPU core unless <code class="docutils literal notranslate"><span class="pre">concurrency</span></code> says otherwise.</p>
<div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="n">pool</span> <span class="o">=</span> <span class="n">WorkerPool</span><span class="p">(</span><span class="n">concurrency</span><span class="o">=</span><span class="mi">8</span><span class="p">)</span>
</pre></div></div>
<div class="admonition note"><p class="admonition-title">Note</p><p>Threads share one interpreter lock, so prefer processes for CPU-bound tasks.</p></div>
</section>
<section id="timeouts">
<span id="timeout-settings"></span>${h(2, 'timeouts', 'Timeouts')}
<p>A soft timeout raises an exception inside the task so that it can clean up.</p>
<section id="hard-limits">
${h(3, 'hard-limits', 'Hard limits')}
<p>When the hard limit expires the supervisor kills the child and starts a fresh one.</p>
</section>
</section>
<section id="environment-variables">
${h(2, 'environment-variables', 'Environment variables')}
<dl class="std envvar"><dt class="sig sig-object std" id="envvar-GULLWING_BROKER_URL"><span class="sig-name descname"><span class="pre">GULLWING_BROKER_URL</span></span><a class="headerlink" href="#envvar-GULLWING_BROKER_URL" title="Link to this definition">¶</a></dt>
<dd><p>Overrides the broker address given on the command line.</p></dd></dl>
</section>
</section>
<div class="clearer"></div></div></div></div>
<div class="sphinxsidebar" role="navigation" aria-label="Main"><div class="sphinxsidebarwrapper">
<h1 class="logo"><a href="../index.html">Gullwing</a></h1><h3>Navigation</h3>
<ul class="current"><li class="toctree-l1"><a class="reference internal" href="quickstart.html">Quickstart tour</a></li><li class="toctree-l1 current"><a class="current reference internal" href="#">Configuring workers</a></li></ul>
<div class="relations"><h3>Related Topics</h3><ul><li><a href="../index.html">Documentation overview</a></li></ul></div>
<search id="searchbox" style="display: none" role="search"><h3 id="searchlabel">Quick search</h3><div class="searchformwrapper"><form class="search" action="../search.html" method="get"><input type="text" name="q" aria-labelledby="searchlabel" /><input type="submit" value="Go" /></form></div></search>
<script>document.getElementById('searchbox').style.display = "block"</script>
</div></div>
<div class="clearer"></div></div>
<div class="footer">&#169;2025, Gullwing developers. | Powered by <a href="https://www.sphinx-doc.org/">Sphinx 7.4.7</a> &amp; <a href="https://alabaster.readthedocs.io">Alabaster 0.7.16</a> | <a href="../_sources/guide/workers.rst.txt" rel="nofollow">Page source</a></div>
</body>
</html>`;
}

const sections = [
  { path: [], id: 'configuring-workers', phrase: 'acknowledge each one' },
  { path: ['Worker pools'], id: 'worker-pools', phrase: 'one child per CPU core' },
  { path: ['Timeouts'], id: 'timeouts', phrase: 'soft timeout raises an exception' },
  { path: ['Timeouts', 'Hard limits'], id: 'hard-limits', phrase: 'supervisor kills the child' },
  // An object description (`.. envvar::`, autodoc's functions) is a section of its own.
  {
    path: ['Environment variables', 'GULLWING_BROKER_URL'],
    id: 'envvar-GULLWING_BROKER_URL',
    phrase: 'broker address',
  },
];

const chromePhrases = [
  'Navigation',
  'General Index',
  'Gullwing 2.4 documentation',
  'Quickstart tour',
  'Related Topics',
  'Quick search',
  'Gullwing developers',
  'Powered by',
  'Page source',
];

/** A Sphinx 7 page in the Alabaster theme (Gullwing, a task queue). */
export const sphinxPage: GeneratorPage = {
  generator: 'Sphinx',
  title: 'Configuring workers',
  html: sphinxHtml(true),
  sections,
  chromePhrases,
};

/** The same Sphinx page built with `html_permalinks = False`: the ids are on the sections only. */
export const sphinxPageWithoutPermalinks: GeneratorPage = {
  generator: 'Sphinx (no permalinks)',
  title: 'Configuring workers',
  html: sphinxHtml(false),
  sections,
  chromePhrases,
};

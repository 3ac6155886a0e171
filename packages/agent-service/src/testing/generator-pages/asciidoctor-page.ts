import type { GeneratorPage } from './generator-page.js';

// Asciidoctor's standalone HTML (Git's manual is asciidoc-py, alike; Antora wraps the same
// body in its site chrome): the title in `<div id="header"><h1>`, the outline in
// `<div id="toc" class="toc2">`, sections as `<div class="sect1"><h2 id="_install">`, code
// in `listingblock`s, admonitions as one-row tables (`<td class="icon">`, `<td
// class="content">`), and `<div id="footer">` with the last update, no <main>.
const admonition = (kind: string, label: string, html: string) =>
  `<div class="admonitionblock ${kind}"><table><tr><td class="icon"><div class="title">${label}</div></td><td class="content">${html}</td></tr></table></div>`;

/** An Asciidoctor manual page (Ferrydock, a container registry mirror). */
export const asciidoctorPage: GeneratorPage = {
  generator: 'Asciidoctor',
  title: 'Ferrydock Mirror Guide',
  html: `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><meta name="generator" content="Asciidoctor 2.0.20"><title>Ferrydock Mirror Guide</title><link rel="stylesheet" href="./asciidoctor.css"></head>
<body class="article toc2 toc-left">
<div id="header"><h1>Ferrydock Mirror Guide</h1>
<div class="details"><span id="author" class="author">Ferrydock Team</span><br><span id="revnumber">version 3.2</span></div>
<div id="toc" class="toc2"><div id="toctitle">Table of Contents</div><ul class="sectlevel1"><li><a href="#_install">Install</a></li><li><a href="#_pruning">Pruning</a><ul class="sectlevel2"><li><a href="#_retention">Retention</a></li></ul></li></ul></div>
</div>
<div id="content">
<div id="preamble"><div class="sectionbody"><div class="paragraph"><p>Ferrydock keeps a pull-through copy of every image your clusters fetch.</p></div></div></div>
<div class="sect1"><h2 id="_install">Install</h2><div class="sectionbody">
<div class="paragraph"><p>Run the mirror next to your cluster:</p></div>
<div class="listingblock"><div class="content"><pre class="highlight"><code class="language-bash" data-lang="bash">ferrydock serve --upstream registry.example</code></pre></div></div>
${admonition('important', 'Important', '<div class="paragraph"><p>The mirror needs 40 GB of free disk to start.</p></div>')}
</div></div>
<div class="sect1"><h2 id="_pruning">Pruning</h2><div class="sectionbody">
<div class="paragraph"><p>Unused layers are pruned every night at 03:00.</p></div>
<div class="sect2"><h3 id="_retention">Retention</h3>
<div class="paragraph"><p>A tag pulled within thirty days is never pruned.</p></div>
${admonition('tip', 'Tip', 'Pin a tag with <code>ferrydock pin</code> to keep it forever.')}
</div></div></div>
</div>
<div id="footer"><div id="footer-text">Version 3.2<br>Last updated 2025-04-02 10:11:12 +0200</div></div>
</body></html>`,
  sections: [
    { path: [], id: undefined, phrase: 'pull-through copy' },
    { path: ['Install'], id: '_install', phrase: 'ferrydock serve --upstream' },
    { path: ['Install'], id: '_install', phrase: '**Important:** The mirror needs 40 GB' },
    { path: ['Pruning'], id: '_pruning', phrase: 'pruned every night' },
    { path: ['Pruning', 'Retention'], id: '_retention', phrase: 'within thirty days' },
    { path: ['Pruning', 'Retention'], id: '_retention', phrase: '**Tip:** Pin a tag' },
  ],
  chromePhrases: ['Table of Contents', 'Last updated', '| Tip'],
};

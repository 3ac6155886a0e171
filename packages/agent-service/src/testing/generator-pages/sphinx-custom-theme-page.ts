import type { GeneratorPage } from './generator-page.js';

/** A Sphinx heading permalink to `id`. */
export const headerlink = (id: string) =>
  `<a class="headerlink" href="#${id}" title="Permalink to this headline">¶</a>`;

// A Sphinx site in a custom theme built on Sphinx's basic layout the way the haiku and
// scrolls themes and many in-house ones are: no `role="main"`, the site's name in an <h1>
// of the page header (linking home) above the content's own <h1>, with the header's
// navigation links and version switcher, then the body, a sidebar and a footer.
/**
 * A page of the Skyhook site in its custom Sphinx theme (see {@link sphinxCustomThemePage}):
 * `content` is the body's HTML, `title` the page's name in its `<title>`.
 */
export function sphinxCustomThemeHtml(title: string, content: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8" />
<title>${title} &#8212; Skyhook 3.1 documentation</title>
<link rel="stylesheet" href="../_static/skyhook.css" type="text/css" />
</head><body>
<div class="page-wrap">
<div class="header">
  <h1 class="site-title"><a href="../index.html"><span>Skyhook 3.1 documentation</span></a></h1>
  <div class="versions">Version 3.1 <a href="../../3.0/index.html">3.0</a> <a href="../../dev/index.html">dev</a></div>
  <div class="topnav"><a href="../index.html">Overview</a> | <a href="../genindex.html">Index of terms</a> | <a href="delivery.html">Delivery guarantees</a></div>
</div>
<div class="content">
${content}
</div>
<div class="sidebar-left"><h3>Table of contents</h3><ul><li><a href="#backoff">Backoff</a></li><li><a href="#dead-letters">Dead letters</a></li></ul></div>
<div class="bottomnav"><a href="delivery.html">« Delivery guarantees</a> | <a href="monitoring.html">Monitoring hooks »</a></div>
<div class="footer">&#169; Copyright 2026, the Skyhook authors. Created using Sphinx 4.5.0.</div>
</div>
</body></html>`;
}

const html = sphinxCustomThemeHtml(
  'Retry policies',
  `<div class="section" id="retry-policies">
<h1>Retry policies${headerlink('retry-policies')}</h1>
<p>Skyhook retries a failed delivery with exponential backoff until the policy gives up.</p>
<div class="section" id="backoff">
<h2>Backoff${headerlink('backoff')}</h2>
<p>Each attempt waits twice as long as the one before, with random jitter added.</p>
</div>
<div class="section" id="dead-letters">
<h2>Dead letters${headerlink('dead-letters')}</h2>
<p>A message that exhausts its attempts is parked in the dead-letter queue for inspection.</p>
</div>
</div>`,
);

/** A Sphinx page in a custom theme with the site's name in a header `<h1>` (Skyhook). */
export const sphinxCustomThemePage: GeneratorPage = {
  generator: 'Sphinx (custom theme, site name in a header <h1>)',
  title: 'Retry policies',
  html,
  sections: [
    { path: [], id: 'retry-policies', phrase: 'exponential backoff' },
    { path: ['Backoff'], id: 'backoff', phrase: 'random jitter' },
    { path: ['Dead letters'], id: 'dead-letters', phrase: 'dead-letter queue' },
  ],
  chromePhrases: [
    'Skyhook 3.1 documentation',
    'Index of terms',
    'Version 3.1',
    'Table of contents',
    'Monitoring hooks',
    'Skyhook authors',
  ],
};

import type { GeneratorPage } from './generator-page.js';

/**
 * A hand-written or lightly templated page (Hugo or Jekyll style): plain `<hN id>`
 * headings, one whose whole text is a link to itself, a `<nav id="TableOfContents">` in
 * the article, and a site header and footer around a lone `<article>` (no `<main>`).
 */
export const plainPage: GeneratorPage = {
  generator: 'plain HTML',
  title: 'Tuning the cache',
  html: `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="generator" content="Hugo 0.134.2">
<title>Tuning the cache · Saltmarsh</title>
<link rel="stylesheet" href="/css/site.min.css">
</head>
<body>
<header class="site-header"><a class="brand" href="/">Saltmarsh</a>
<ul class="menu"><li><a href="/docs/">Documentation</a></li><li><a href="/community/">Community forum</a></li></ul></header>
<div class="container">
<article class="post">
<h1 id="tuning-the-cache">Tuning the cache</h1>
<details class="toc" open><summary>Contents</summary><nav id="TableOfContents"><ul><li><a href="#eviction">Eviction</a></li><li><a href="#warming">Warming</a></li></ul></nav></details>
<p>Saltmarsh keeps rendered fragments in an in-process cache shared by all request handlers.</p>
<h2 id="eviction">Eviction</h2>
<p>Entries leave the cache in least-recently-used order once it holds 10&nbsp;000 fragments.</p>
<h3 id="pinning-entries"><a href="#pinning-entries">Pinning entries</a></h3>
<p>A pinned fragment survives eviction until its template changes.</p>
<h2 id="warming">Warming</h2>
<p>Run <code>saltmarsh warm --routes sitemap</code> after a deploy to fill the cache before traffic arrives.</p>
<div class="post-meta">Posted in <a href="/tags/performance/">performance</a></div>
</article>
</div>
<footer class="site-footer"><p>© 2025 Saltmarsh authors · <a href="/privacy/">Privacy notice</a></p></footer>
</body>
</html>`,
  sections: [
    { path: [], id: 'tuning-the-cache', phrase: 'in-process cache' },
    { path: ['Eviction'], id: 'eviction', phrase: 'least-recently-used order' },
    { path: ['Eviction', 'Pinning entries'], id: 'pinning-entries', phrase: 'survives eviction' },
    { path: ['Warming'], id: 'warming', phrase: 'before traffic arrives' },
  ],
  chromePhrases: ['Community forum', 'Contents', 'Privacy notice', 'Saltmarsh authors'],
};

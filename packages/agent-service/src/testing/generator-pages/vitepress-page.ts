import type { GeneratorPage } from './generator-page.js';

// VitePress 1: <h2 id tabindex="-1">Title <a class="header-anchor" …>&#8203;</a></h2>, the
// outline ("On this page") in an aside beside <main>, the doc footer after it.
const heading = (level: number, id: string, text: string) =>
  `<h${level} id="${id}" tabindex="-1">${text} <a class="header-anchor" href="#${id}" aria-label="Permalink to &quot;${text}&quot;">&#8203;</a></h${level}>`;

/** A VitePress 1 guide page (Lanternfish, a static-site deploy tool). */
export const vitepressPage: GeneratorPage = {
  generator: 'VitePress',
  title: 'Deploying to the edge',
  html: `<!DOCTYPE html>
<html lang="en-US" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Deploying to the edge | Lanternfish</title>
<meta name="generator" content="VitePress v1.3.4">
<link rel="preload stylesheet" href="/assets/style.B9f1xQ2a.css" as="style">
<script type="module" src="/assets/app.D3kqP0sd.js"></script>
<script id="check-dark-mode">(()=>{const e=localStorage.getItem("vitepress-theme-appearance")||"auto";document.documentElement.classList.toggle("dark",e==="dark")})();</script>
</head>
<body>
<div id="app"><div class="Layout" data-v-5d98c3a5><!--[--><!--]-->
<span tabindex="-1"></span><a href="#VPContent" class="VPSkipLink visually-hidden"> Skip to content </a>
<header class="VPNav"><div class="VPNavBar has-sidebar top"><div class="wrapper"><div class="container">
<div class="title"><div class="VPNavBarTitle has-sidebar"><a class="title" href="/"><span>Lanternfish</span></a></div></div>
<div class="content"><div class="content-body"><div class="VPNavBarSearch search"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search"><span class="DocSearch-Button-Placeholder">Search docs</span></button></div>
<nav aria-labelledby="main-nav-aria-label" class="VPNavBarMenu menu"><span id="main-nav-aria-label" class="visually-hidden">Main Navigation</span><a class="VPLink link VPNavBarMenuLink active" href="/guide/"><span>Guide</span></a><a class="VPLink link VPNavBarMenuLink" href="/reference/"><span>Config reference</span></a></nav>
</div></div></div></div></div></header>
<div class="VPLocalNav has-sidebar empty"><div class="container"><button class="menu" aria-expanded="false" aria-controls="VPSidebarNav"><span class="menu-text">Menu</span></button></div></div>
<aside class="VPSidebar"><div class="curtain"></div><nav class="nav" id="VPSidebarNav" aria-labelledby="sidebar-aria-label" tabindex="-1"><span class="visually-hidden" id="sidebar-aria-label"> Sidebar Navigation </span>
<div class="group"><section class="VPSidebarItem level-0 collapsible has-active"><div class="item" role="button" tabindex="0"><h2 class="text">Getting started</h2></div>
<div class="items"><div class="VPSidebarItem level-1 is-link"><div class="item"><a class="VPLink link" href="/guide/install"><p class="text">Installation walkthrough</p></a></div></div></div></section></div></nav></aside>
<div class="VPContent has-sidebar" id="VPContent"><div class="VPDoc has-sidebar has-aside"><div class="container">
<div class="aside"><div class="aside-curtain"></div><div class="aside-container"><div class="aside-content"><div class="VPDocAside">
<nav aria-labelledby="doc-outline-aria-label" class="VPDocAsideOutline has-outline"><div class="content"><div class="outline-marker"></div><div aria-level="2" class="outline-title" id="doc-outline-aria-label" role="heading">On this page</div>
<ul class="VPDocOutlineItem root"><li><a class="outline-link" href="#edge-runtimes">Edge runtimes</a></li><li><a class="outline-link" href="#environment-secrets">Environment secrets</a></li></ul></div></nav>
<div class="spacer"></div><div class="VPDocAsideCarbonAds">Ads by Carbon: ship faster with hosted runners</div></div></div></div></div>
<div class="content"><div class="content-container"><!--[--><!--]-->
<main class="main"><div style="position:relative;" class="vp-doc _guide_deploy-edge"><div>
${heading(1, 'deploying-to-the-edge', 'Deploying to the edge')}
<p>Lanternfish can publish a site to points of presence close to your visitors.</p>
${heading(2, 'edge-runtimes', 'Edge runtimes')}
<p>Functions run in a V8 isolate that starts in under five milliseconds.</p>
<div class="tip custom-block"><p class="custom-block-title">TIP</p><p>Pin the isolate version with <code>edge.compat</code> in your config.</p></div>
<div class="language-sh vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">sh</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span>lantern deploy --target edge</span></span></code></pre></div>
${heading(2, 'environment-secrets', 'Environment secrets')}
<p>Secrets are encrypted with the project key and injected as bindings at request time.</p>
${heading(3, 'rotating-a-secret', 'Rotating a secret')}
<p>Run <code>lantern secrets rotate NAME</code>; old isolates keep the previous value until they drain.</p>
${heading(2, 'cold-starts', 'Cold starts')}
<p>A region that has seen no traffic for fifteen minutes evicts the bundle from memory.</p>
</div></div></main>
<footer class="VPDocFooter"><div class="edit-info"><div class="edit-link"><a class="VPLink link vp-external-link-icon no-icon edit-link-button" href="https://git.example/lanternfish/edit/main/docs/guide/deploy-edge.md" target="_blank" rel="noreferrer"><span class="vpi-square-pen edit-link-icon"></span> Edit this page on GitHub</a></div>
<div class="last-updated"><p class="VPLastUpdated">Last updated: <time datetime="2025-02-11T09:00:00.000Z">2/11/25</time></p></div></div>
<nav class="prev-next" aria-labelledby="doc-footer-aria-label"><span class="visually-hidden" id="doc-footer-aria-label">Pager</span><div class="pager"><a class="VPLink link pager-link prev" href="/guide/install"><span class="desc">Previous page</span><span class="title">Installation walkthrough</span></a></div></nav></footer>
</div></div></div></div></div>
<footer class="VPFooter has-sidebar"><div class="container"><p class="message">Released under the MIT License.</p><p class="copyright">Copyright © 2024-present Lanternfish contributors</p></div></footer>
</div></div>
<script>window.__VP_HASH_MAP__=JSON.parse("{\\"guide_deploy-edge.md\\":\\"C1x0aa\\"}");</script>
</body>
</html>`,
  sections: [
    { path: [], id: 'deploying-to-the-edge', phrase: 'points of presence' },
    { path: ['Edge runtimes'], id: 'edge-runtimes', phrase: 'V8 isolate' },
    { path: ['Environment secrets'], id: 'environment-secrets', phrase: 'injected as bindings' },
    {
      path: ['Environment secrets', 'Rotating a secret'],
      id: 'rotating-a-secret',
      phrase: 'until they drain',
    },
    { path: ['Cold starts'], id: 'cold-starts', phrase: 'evicts the bundle' },
  ],
  chromePhrases: [
    'Skip to content',
    'Search docs',
    'Config reference',
    'Sidebar Navigation',
    'Installation walkthrough',
    'On this page',
    'Ads by Carbon',
    'Edit this page',
    'Last updated',
    'Previous page',
    'Released under the MIT License',
  ],
};

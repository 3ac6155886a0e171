import type { GeneratorPage } from './generator-page.js';

// Material for MkDocs 9: <h2 id>Title<a class="headerlink" href title="Permanent link">¶</a>,
// both sidebars (navigation, table of contents) inside <main>, the content in an <article>.
const heading = (level: number, id: string, text: string) =>
  `<h${level} id="${id}">${text}<a class="headerlink" href="#${id}" title="Permanent link">&para;</a></h${level}>`;

/** A Material for MkDocs 9 page (Pebblestore, a key-value database). */
export const mkdocsMaterialPage: GeneratorPage = {
  generator: 'MkDocs Material',
  title: 'Backups',
  html: `<!doctype html>
<html lang="en" class="no-js">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="canonical" href="https://pebblestore.example/guide/backups/">
<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.34">
<title>Backups - Pebblestore</title>
<link rel="stylesheet" href="../../assets/stylesheets/main.6543a935.min.css">
<script>__md_scope=new URL("../..",location),__md_get=(e,_=localStorage,t=__md_scope)=>JSON.parse(_.getItem(t.pathname+"."+e))</script>
</head>
<body dir="ltr" data-md-color-scheme="default" data-md-color-primary="indigo" data-md-color-accent="indigo">
<input class="md-toggle" data-md-toggle="drawer" type="checkbox" id="__drawer" autocomplete="off">
<input class="md-toggle" data-md-toggle="search" type="checkbox" id="__search" autocomplete="off">
<label class="md-overlay" for="__drawer"></label>
<div data-md-component="skip"><a href="#backups" class="md-skip">Skip to content</a></div>
<header class="md-header md-header--shadow" data-md-component="header"><nav class="md-header__inner md-grid" aria-label="Header">
<a href="../.." title="Pebblestore" class="md-header__button md-logo" aria-label="Pebblestore"><img src="../../assets/logo.svg" alt="logo"></a>
<div class="md-header__title"><div class="md-header__ellipsis"><div class="md-header__topic"><span class="md-ellipsis">Pebblestore handbook</span></div></div></div>
<div class="md-search" data-md-component="search" role="dialog"><div class="md-search__inner" role="search"><form class="md-search__form" name="search"><input type="text" class="md-search__input" name="query" aria-label="Search" placeholder="Search"></form></div></div>
</nav></header>
<div class="md-container" data-md-component="container">
<nav class="md-tabs" aria-label="Tabs" data-md-component="tabs"><div class="md-grid"><ul class="md-tabs__list"><li class="md-tabs__item"><a href="../.." class="md-tabs__link">Home</a></li><li class="md-tabs__item md-tabs__item--active"><a href="../install/" class="md-tabs__link">User guide</a></li></ul></div></nav>
<main class="md-main" data-md-component="main"><div class="md-main__inner md-grid">
<div class="md-sidebar md-sidebar--primary" data-md-component="sidebar" data-md-type="navigation"><div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner">
<nav class="md-nav md-nav--primary" aria-label="Navigation" data-md-level="0"><label class="md-nav__title" for="__drawer">Pebblestore</label><ul class="md-nav__list">
<li class="md-nav__item"><a href="../install/" class="md-nav__link"><span class="md-ellipsis">Installing the server</span></a></li>
<li class="md-nav__item md-nav__item--active"><a href="./" class="md-nav__link md-nav__link--active"><span class="md-ellipsis">Backups</span></a></li></ul></nav></div></div></div>
<div class="md-sidebar md-sidebar--secondary" data-md-component="sidebar" data-md-type="toc"><div class="md-sidebar__scrollwrap"><div class="md-sidebar__inner">
<nav class="md-nav md-nav--secondary" aria-label="Table of contents"><label class="md-nav__title" for="__toc">Table of contents</label><ul class="md-nav__list" data-md-component="toc">
<li class="md-nav__item"><a href="#snapshot-schedule" class="md-nav__link"><span class="md-ellipsis">Snapshot schedule</span></a></li>
<li class="md-nav__item"><a href="#restoring" class="md-nav__link"><span class="md-ellipsis">Restoring</span></a></li></ul></nav></div></div></div>
<div class="md-content" data-md-component="content"><article class="md-content__inner md-typeset">
<a href="https://git.example/pebblestore/edit/main/docs/guide/backups.md" title="Edit this page" class="md-content__button md-icon"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20H6V4h7v5h5v3.1l2-2V8l-6-6H6c-1.1 0-2 .9-2 2v16"/></svg></a>
<h1 id="backups">Backups</h1>
<p>Pebblestore writes consistent copies of a keyspace without pausing client traffic.</p>
${heading(2, 'snapshot-schedule', 'Snapshot schedule')}
<p>The scheduler takes an incremental snapshot every six hours by default.</p>
<div class="admonition warning"><p class="admonition-title">Warning</p><p>Snapshots taken during compaction double the disk usage for a while.</p></div>
<div class="highlight"><pre><span></span><code>pebble snapshot --every 6h
</code></pre></div>
${heading(3, 'retention', 'Retention')}
<table><thead><tr><th>Tier</th><th>Kept for</th></tr></thead><tbody><tr><td>hourly</td><td>two days</td></tr><tr><td>weekly</td><td>ninety days</td></tr></tbody></table>
${heading(2, 'restoring', 'Restoring')}
<p>Stop the writer node, then replay the snapshot with the restore subcommand.</p>
${heading(2, 'encryption-at-rest', 'Encryption at rest')}
<p>Backups are sealed with an envelope key held by your key management service.</p>
<aside class="md-source-file"><span class="md-source-file__fact"><span class="md-icon" title="Last update"></span><span class="git-revision-date-localized-plugin">February 3, 2025</span></span></aside>
</article></div>
<script>var target=document.getElementById(location.hash.slice(1));target&&target.name&&(target.checked=target.name.startsWith("__tabbed_"))</script>
</div><button type="button" class="md-top md-icon" data-md-component="top" hidden>Back to top</button></main>
<footer class="md-footer"><nav class="md-footer__inner md-grid" aria-label="Footer"><a href="../install/" class="md-footer__link md-footer__link--prev" aria-label="Previous: Installing the server"><div class="md-footer__title"><span class="md-footer__direction">Previous</span><div class="md-ellipsis">Installing the server</div></div></a></nav>
<div class="md-footer-meta md-typeset"><div class="md-footer-meta__inner md-grid"><div class="md-copyright"><div class="md-copyright__highlight">Copyright &copy; 2025 Pebblestore maintainers</div>Made with <a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">Material for MkDocs</a></div></div></div></footer>
</div>
<div class="md-consent" data-md-component="consent" id="__consent" hidden><div class="md-consent__overlay"></div><aside class="md-consent__inner"><form class="md-consent__form md-grid md-typeset" name="consent"><h4>Cookie consent</h4><p>We use cookies to measure how the documentation is read.</p></form></aside></div>
<script id="__config" type="application/json">{"base": "../..", "features": [], "translations": {"clipboard.copy": "Copy to clipboard"}}</script>
<script src="../../assets/javascripts/bundle.fe8b6f2b.min.js"></script>
</body>
</html>`,
  sections: [
    { path: [], id: 'backups', phrase: 'without pausing client traffic' },
    { path: ['Snapshot schedule'], id: 'snapshot-schedule', phrase: 'every six hours' },
    { path: ['Snapshot schedule', 'Retention'], id: 'retention', phrase: 'ninety days' },
    { path: ['Restoring'], id: 'restoring', phrase: 'restore subcommand' },
    { path: ['Encryption at rest'], id: 'encryption-at-rest', phrase: 'envelope key' },
  ],
  chromePhrases: [
    'Skip to content',
    'Pebblestore handbook',
    'User guide',
    'Installing the server',
    'Table of contents',
    'Last update',
    'February 3, 2025',
    'Back to top',
    'Previous',
    'Copyright',
    'Made with',
    'Cookie consent',
    'Copy to clipboard',
  ],
};

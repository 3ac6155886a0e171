import type { GeneratorPage } from './generator-page.js';

// Docusaurus 3: <h2 class="anchor anchorWithStickyNavbar_…" id> with a `hash-link` holding a
// zero-width space and labelled "Direct link to …"; the TOC in a column beside the article;
// tabs with every panel but the selected one `hidden`.
const heading = (level: number, id: string, html: string, label: string) =>
  `<h${level} class="anchor anchorWithStickyNavbar_LWe7" id="${id}">${html}<a href="#${id}" class="hash-link" aria-label="Direct link to ${label}" title="Direct link to ${label}">&ZeroWidthSpace;</a></h${level}>`;

/** A Docusaurus 3 docs page (Tidewater, an offline-first data SDK). */
export const docusaurusPage: GeneratorPage = {
  generator: 'Docusaurus',
  title: 'Offline sync',
  html: `<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page" data-has-hydrated="false">
<head>
<meta charset="UTF-8">
<meta name="generator" content="Docusaurus v3.5.2">
<title data-rh="true">Offline sync | Tidewater</title>
<link rel="stylesheet" href="/assets/css/styles.4f1a2b7c.css">
<script src="/assets/js/runtime~main.8c2d19e0.js" defer="defer"></script>
</head>
<body class="navigation-with-keyboard">
<script>!function(){var t=localStorage.getItem("theme");document.documentElement.setAttribute("data-theme",t||"light")}()</script>
<div id="__docusaurus">
<div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<nav aria-label="Main" class="navbar navbar--fixed-top"><div class="navbar__inner"><div class="navbar__items">
<a class="navbar__brand" href="/"><b class="navbar__title text--truncate">Tidewater</b></a>
<a class="navbar__item navbar__link" href="/docs/intro">Guides</a><a class="navbar__item navbar__link" href="/blog">Release notes blog</a></div>
<div class="navbar__items navbar__items--right"><div class="navbarSearchContainer_Bca1"><button type="button" class="DocSearch DocSearch-Button" aria-label="Search"><span class="DocSearch-Button-Placeholder">Search the handbook</span></button></div></div></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper mainWrapper_z2l0"><div class="docsWrapper_hBAB"><div class="docRoot_UBD9">
<aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><div class="sidebarViewport_aRkj"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list">
<li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/intro">Welcome aboard</a></li>
<li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link menu__link--active" aria-current="page" href="/docs/guides/offline-sync">Offline sync</a></li>
</ul></nav></div></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row">
<div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp"><article>
<nav class="theme-doc-breadcrumbs breadcrumbsContainer_Z_bl" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a class="breadcrumbs__link" href="/docs/intro">Guides home</a></li></ul></nav>
<div class="tocCollapsible_ETCw theme-doc-toc-mobile"><button type="button" class="clean-btn tocCollapsibleButton_TO0P">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>Offline sync</h1></header>
<p>Tidewater keeps a local replica on the device so that screens render while the radio is off.</p>
${heading(2, 'how-sync-works', 'How sync works', 'How sync works')}
<p>Each write lands in the outbox journal first and is pushed when the device regains a connection.</p>
<div class="tabs-container tabList__CuJ"><ul role="tablist" aria-orientation="horizontal" class="tabs"><li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabItem_LNqP tabs__item--active">iOS</li><li role="tab" tabindex="-1" aria-selected="false" class="tabs__item tabItem_LNqP">Android</li></ul><div class="margin-top--md"><div role="tabpanel" class="tabItem_Ymn6"><p>On iOS the push waits for a background task slot.</p></div><div role="tabpanel" class="tabItem_Ymn6" hidden=""><p>On Android the journal is flushed by a foreground service.</p></div></div></div>
<div class="language-bash codeBlockContainer_Ckt0 theme-code-block"><div class="codeBlockContent_biex"><pre tabindex="0" class="prism-code language-bash codeBlock_bY9V"><code class="codeBlockLines_e6Vv"><span class="token-line"><span class="token plain">tide sync --watch</span></span></code></pre><div class="buttonGroup__atx"><button type="button" aria-label="Copy code to clipboard" title="Copy" class="clean-btn">Copy</button></div></div></div>
${heading(2, 'resolving-conflicts', 'Resolving conflicts', 'Resolving conflicts')}
<p>Two devices that edit the same record offline produce a conflict on their next push.</p>
${heading(3, 'conflictpolicy', '<code>conflictPolicy</code>', 'conflictPolicy')}
<p>Set <code>conflictPolicy</code> to <code>lastWriterWins</code> to keep the edit with the newest vector clock.</p>
<div class="theme-admonition theme-admonition-tip admonition_xJq3 alert alert--success"><div class="admonitionHeading_Gvgb">tip</div><div class="admonitionContent_BuS1"><p>A custom merge function receives both versions of the record.</p></div></div>
${heading(2, 'storage-limits', 'Storage limits', 'Storage limits')}
<p>The replica is capped at 512 MiB per account; older pages are evicted first.</p>
</div>
<footer class="theme-doc-footer docusaurus-mt-lg"><div class="row margin-top--sm theme-doc-footer-edit-meta-row"><div class="col"><a href="https://git.example/tidewater/docs/edit/main/offline-sync.md" target="_blank" rel="noopener noreferrer" class="theme-edit-this-page">Edit this page</a></div><div class="col lastUpdated_JAkA"><span class="theme-last-updated">Last updated on <b><time datetime="2025-03-03T10:00:00.000Z">Mar 3, 2025</time></b></span></div></div></footer>
</article>
<nav class="pagination-nav docusaurus-mt-lg" aria-label="Docs pages"><a class="pagination-nav__link pagination-nav__link--prev" href="/docs/intro"><div class="pagination-nav__sublabel">Previous</div><div class="pagination-nav__label">Welcome aboard</div></a></nav>
</div></div>
<div class="col col--3"><div class="tableOfContents_bqdL thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border">
<li><a href="#how-sync-works" class="table-of-contents__link toc-highlight">How sync works</a></li>
<li><a href="#resolving-conflicts" class="table-of-contents__link">Resolving conflicts</a></li></ul></div></div>
</div></div></main></div></div></div>
<footer class="footer footer--dark"><div class="container container-fluid"><div class="footer__bottom text--center"><div class="footer__copyright">Copyright © 2025 Tidewater Labs. Built with Docusaurus.</div></div></div></footer>
</div>
</body>
</html>`,
  sections: [
    { path: [], id: undefined, phrase: 'screens render while the radio is off' },
    { path: ['How sync works'], id: 'how-sync-works', phrase: 'outbox journal' },
    // The tab panel that only the tab state hides, read after its label.
    { path: ['How sync works'], id: 'how-sync-works', phrase: '**Android**:' },
    { path: ['How sync works'], id: 'how-sync-works', phrase: 'foreground service' },
    { path: ['Resolving conflicts'], id: 'resolving-conflicts', phrase: 'produce a conflict' },
    {
      path: ['Resolving conflicts', '`conflictPolicy`'],
      id: 'conflictpolicy',
      phrase: 'newest vector clock',
    },
    { path: ['Storage limits'], id: 'storage-limits', phrase: 'capped at 512 MiB' },
  ],
  chromePhrases: [
    'Skip to main content',
    'Release notes blog',
    'Search the handbook',
    'Welcome aboard',
    'Guides home',
    'On this page',
    'Copy code',
    'Edit this page',
    'Last updated',
    'Previous',
    'Copyright',
  ],
};

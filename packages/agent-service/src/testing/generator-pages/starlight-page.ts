import type { GeneratorPage } from './generator-page.js';

// Starlight (Astro) 0.30: the heading and its permalink are siblings in a wrapper
// (`<div class="sl-heading-wrapper"><h2 id>…</h2><a class="sl-anchor-link" href="#id">` with
// a screen-reader label "Section titled …"), the page title is `<h1 id="_top">`, code
// blocks are Expressive Code frames (one `<div class="ec-line">` per line, a copy button, a
// terminal frame's caption for screen readers only),
// the outline sits in an aside and the sidebar in a <nav> beside <main>.
const heading = (level: number, id: string, text: string) =>
  `<div class="sl-heading-wrapper level-h${level}"><h${level} id="${id}">${text}</h${level}><a class="sl-anchor-link" href="#${id}"><span aria-hidden="true" class="sl-anchor-icon"><svg width="16" height="16" viewBox="0 0 24 24"><path fill="currentcolor" d="m12.11 15.39-3.88 3.88a2.52 2.52 0 0 1-3.5 0 2.47 2.47 0 0 1 0-3.5l3.88-3.88a1 1 0 0 0-1.42-1.42l-3.88 3.89a4.48 4.48 0 0 0 6.33 6.33l3.89-3.88a1 1 0 1 0-1.42-1.42Z"></path></svg></span><span class="sr-only">Section titled “${text}”</span></a></div>`;

const codeFrame = (title: string, lines: string[]) =>
  `<div class="expressive-code"><figure class="frame has-title not-content"><figcaption class="header"><span class="title">${title}</span></figcaption><pre data-language="js"><code>${lines.map((line) => `<div class="ec-line"><div class="code"><span style="--0:#D6DEEB;--1:#403F53">${line}</span></div></div>`).join('')}</code></pre><div class="copy"><button title="Copy to clipboard" data-copied="Copied!" data-code="${lines.join('\u007f')}"><div></div></button></div></figure></div>`;

/** A Starlight docs page (Skyhook, a webhook relay). */
export const starlightPage: GeneratorPage = {
  generator: 'Starlight',
  title: 'Delivery settings',
  html: `<!doctype html><html lang="en" dir="ltr" data-has-toc data-has-sidebar data-theme="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Delivery settings | Skyhook</title>
<meta name="generator" content="Astro v4.16.7"><meta name="generator" content="Starlight v0.30.3"><link rel="stylesheet" href="/_astro/index.Bq1lT9nW.css"><script type="module" src="/_astro/page.7qqag-5g.js"></script></head>
<body><a href="#_top" class="skip-link">Skip to content</a>
<div class="page sl-flex">
<header class="header"><div class="header sl-flex"><div class="title-wrapper sl-flex"><a href="/" class="site-title sl-flex"><span class="translate">Skyhook</span></a></div>
<div class="sl-flex print:hidden"><site-search data-translations="{}"><button data-open-modal disabled aria-label="Search" aria-keyshortcuts="Control+K"><span class="sl-hidden md:sl-block" aria-hidden="true">Search the docs</span><kbd class="sl-hidden md:sl-flex">Ctrl K</kbd></button><dialog style="padding:0" aria-label="Search"><div class="dialog-frame sl-flex"><button data-close-modal class="sl-flex md:sl-hidden">Cancel</button><div class="search-container"><div id="starlight__search"></div></div></div></dialog></site-search></div>
<div class="sl-hidden md:sl-flex print:hidden right-group"><div class="sl-flex social-icons"><a href="https://git.example/skyhook" rel="me" class="sl-flex"><span class="sr-only">Source repository</span><svg aria-hidden="true" width="16" height="16"><path d="M12 .3"></path></svg></a></div>
<starlight-theme-select><label style="--sl-select-width: 6.25em"><span class="sr-only">Select theme</span><select><option value="dark">Dark</option><option value="light">Light</option><option value="auto" selected>Auto</option></select></label></starlight-theme-select></div></div></header>
<nav class="sidebar print:hidden" aria-label="Main"><starlight-menu-button class="print:hidden"><button aria-expanded="false" aria-label="Menu" aria-controls="starlight__sidebar" class="sl-flex md:sl-hidden"><span class="sr-only">Menu</span></button></starlight-menu-button>
<div id="starlight__sidebar" class="sidebar-pane"><div class="sidebar-content sl-flex"><ul class="top-level"><li><details open><summary><div class="group-label"><span class="large">Guides</span></div></summary><ul><li><a href="/guides/install/" aria-current="false" class="large"><span>Installing the relay</span></a></li><li><a href="/guides/delivery/" aria-current="page" class="large"><span>Delivery settings</span></a></li></ul></details></li></ul></div></div></nav>
<div class="main-frame"><div class="lg:sl-flex">
<aside class="right-sidebar-container print:hidden"><div class="right-sidebar"><div class="sl-hidden lg:sl-block right-sidebar-panel"><div class="sl-container"><starlight-toc data-min-h="2" data-max-h="3"><nav aria-labelledby="starlight__on-this-page"><h2 id="starlight__on-this-page">On this page</h2><ul class="isMobile:false"><li><a href="#_top"><span>Overview</span></a></li><li><a href="#retries"><span>Retries</span></a></li></ul></nav></starlight-toc></div></div></div></aside>
<div class="main-pane"><main data-pagefind-body lang="en" dir="ltr">
<div class="content-panel"><div class="sl-container"><h1 id="_top">Delivery settings</h1></div></div>
<div class="content-panel"><div class="sl-container"><div class="sl-markdown-content">
<p>Skyhook forwards each incoming event to every subscribed endpoint in arrival order.</p>
${heading(2, 'retries', 'Retries')}
<p>A failed delivery is retried with exponential backoff for up to twenty hours.</p>
${codeFrame('skyhook.config.mjs', ['export default {', '  retries: 8,', '};'])}
${heading(3, 'dead-letter-queue', 'Dead-letter queue')}
<p>After the last attempt the event is parked in the dead-letter queue for a week.</p>
<div class="expressive-code"><figure class="frame is-terminal not-content"><figcaption class="header"><span class="title"></span><span class="sr-only">Terminal window</span></figcaption><pre data-language="sh"><code><div class="ec-line"><div class="code"><span style="--0:#82AAFF">skyhook</span><span style="--0:#D6DEEB"> replay --dead-letter</span></div></div></code></pre><div class="copy"><button title="Copy to clipboard" data-copied="Copied!" data-code="skyhook replay --dead-letter"><div></div></button></div></figure></div>
<aside aria-label="Note" class="starlight-aside starlight-aside--note"><p class="starlight-aside__title" aria-hidden="true"><svg viewBox="0 0 24 24" width="16" height="16" class="starlight-aside__icon"><path d="M12 11"></path></svg>Note</p><div class="starlight-aside__content"><p>Parked events keep their original signature headers.</p></div></aside>
${heading(2, 'ordering', 'Ordering')}
<p>Events for one endpoint are sent one at a time unless <code dir="auto">parallel</code> is set.</p>
</div></div></div>
<footer class="sl-flex"><div class="meta sl-flex"><a href="https://git.example/skyhook/edit/main/docs/guides/delivery.mdx" class="sl-flex print:hidden"><svg aria-hidden="true" width="16" height="16"><path d="M22 7.24"></path></svg>Edit page</a><p>Last updated: <time datetime="2025-03-02T10:00:00.000Z">Mar 2, 2025</time></p></div>
<div class="pagination-links print:hidden" dir="ltr"><a href="/guides/install/" rel="prev"><svg aria-hidden="true" width="16" height="16"><path d="M17 11"></path></svg><span>Previous<br><span class="link-title">Installing the relay</span></span></a></div>
<p class="kudos sl-flex print:hidden"><a href="https://starlight.astro.build/">Built with Starlight</a></p></footer>
</main></div></div></div></div></body></html>`,
  sections: [
    { path: [], id: '_top', phrase: 'in arrival order' },
    { path: ['Retries'], id: 'retries', phrase: 'exponential backoff' },
    {
      path: ['Retries', 'Dead-letter queue'],
      id: 'dead-letter-queue',
      phrase: 'parked in the dead-letter queue',
    },
    {
      path: ['Retries', 'Dead-letter queue'],
      id: 'dead-letter-queue',
      phrase: 'skyhook replay --dead-letter',
    },
    // An aside inside the article is a callout, not a sidebar.
    {
      path: ['Retries', 'Dead-letter queue'],
      id: 'dead-letter-queue',
      phrase: 'keep their original signature headers',
    },
    { path: ['Ordering'], id: 'ordering', phrase: 'one at a time' },
  ],
  chromePhrases: [
    'Skip to content',
    'Search the docs',
    'Source repository',
    'Select theme',
    'Installing the relay',
    'On this page',
    'Section titled',
    'Copy to clipboard',
    'Terminal window',
    'Edit page',
    'Last updated',
    'Previous',
    'Built with Starlight',
  ],
};

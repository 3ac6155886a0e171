import type { GeneratorPage } from './generator-page.js';

// Nextra 2 (docs theme): the heading has no id; an empty `subheading-anchor` inside it
// carries the id. Utility classes everywhere; the previous/next links sit inside <main>
// and are hidden in print.
const heading = (level: number, id: string, text: string) =>
  `<h${level} class="nx-font-semibold nx-tracking-tight nx-text-slate-900 dark:nx-text-slate-100 ${level === 2 ? 'nx-mt-10 nx-border-b nx-pb-1 nx-text-3xl' : 'nx-mt-8 nx-text-2xl'}">${text}<a href="#${id}" id="${id}" class="subheading-anchor" aria-label="Permalink for this section"></a></h${level}>`;

const paragraph = (text: string) => `<p class="nx-mt-6 nx-leading-7 first:nx-mt-0">${text}</p>`;

/** A Nextra 2 docs-theme page (Fernbank, a payments API). */
export const nextraPage: GeneratorPage = {
  generator: 'Nextra',
  title: 'Webhooks',
  html: `<!DOCTYPE html><html lang="en" dir="ltr"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1.0"/>
<title>Webhooks – Fernbank</title><meta name="next-head-count" content="12"/>
<link rel="preload" href="/_next/static/css/4a8b21c0.css" as="style"/><script src="/_next/static/chunks/webpack-8c2f41aa.js" defer=""></script></head>
<body><div id="__next"><div dir="ltr"><script>!function(){try{var d=document.documentElement,e=localStorage.getItem("theme");d.classList.add(e||"light")}catch(t){}}()</script>
<div class="nextra-nav-container nx-sticky nx-top-0 nx-z-20 nx-w-full nx-bg-transparent print:nx-hidden"><div class="nextra-nav-container-blur nx-pointer-events-none nx-absolute nx-z-[-1] nx-h-full nx-w-full"></div>
<nav class="nx-mx-auto nx-flex nx-h-[var(--nextra-navbar-height)] nx-max-w-[90rem] nx-items-center nx-justify-end nx-gap-2 nx-pl-[max(env(safe-area-inset-left),1.5rem)]">
<a class="nx-flex nx-items-center hover:nx-opacity-75 ltr:nx-mr-auto" href="/"><span class="nx-font-extrabold">Fernbank</span></a>
<a href="/docs" class="nx-text-sm contrast-more:nx-text-gray-700">Documentation</a><a href="/pricing" class="nx-text-sm contrast-more:nx-text-gray-700">Plans and pricing</a>
<div class="nextra-search nx-relative md:nx-w-64"><input spellCheck="false" class="nx-block nx-w-full nx-appearance-none nx-rounded-lg nx-px-3 nx-py-2" type="search" placeholder="Search documentation…" value=""/></div></nav></div>
<div class="nx-mx-auto nx-flex nx-max-w-[90rem]"><div class="motion-reduce:nx-transition-none [transition:background-color_1.5s_ease] nx-bg-transparent"></div>
<aside class="nextra-sidebar-container nx-flex nx-flex-col md:nx-top-16 md:nx-shrink-0 md:nx-w-64 md:nx-self-start"><div class="nx-overflow-y-auto nx-overflow-x-hidden nx-p-4 nx-grow nextra-scrollbar">
<ul class="nx-flex nx-flex-col nx-gap-1 nextra-menu-desktop max-md:nx-hidden"><li class="nx-flex nx-flex-col nx-gap-1"><a class="nx-flex nx-rounded nx-px-2 nx-py-1.5 nx-text-sm" href="/docs/getting-started">First steps</a></li><li class="nx-flex nx-flex-col nx-gap-1 active"><a class="nx-flex nx-rounded nx-px-2 nx-py-1.5 nx-text-sm" href="/docs/webhooks">Webhooks</a></li></ul></div>
<div class="nx-sticky nx-bottom-0 nx-mx-4 nx-py-4"><button class="nx-h-7 nx-rounded-md nx-px-2 nx-text-xs" title="Change theme"><span>Light</span></button></div></aside>
<nav class="nextra-toc nx-order-last nx-hidden nx-w-64 nx-shrink-0 xl:nx-block print:nx-hidden" aria-label="table of contents"><div class="nextra-scrollbar nx-sticky nx-top-16 nx-overflow-y-auto nx-pr-4 nx-pt-6 nx-text-sm">
<p class="nx-mb-4 nx-font-semibold nx-tracking-tight">On This Page</p><ul><li class="nx-my-2 nx-scroll-my-6 nx-scroll-py-6"><a href="#registering-an-endpoint" class="nx-font-semibold nx-inline-block">Registering an endpoint</a></li></ul>
<div class="nx-mt-8 nx-border-t nx-bg-white nx-pt-8 nx-shadow-[0_-12px_16px_white]"><a href="https://git.example/fernbank/issues/new?title=Feedback" target="_blank" rel="noreferrer" class="nx-text-xs nx-font-medium">Question? Give us feedback →</a><a class="nx-text-xs nx-font-medium" href="https://git.example/fernbank/blob/main/pages/docs/webhooks.mdx">Edit this page</a></div></div></nav>
<div id="reach-skip-nav"></div>
<article class="nx-flex nx-min-h-[calc(100vh-var(--nextra-navbar-height))] nx-min-w-0 nx-w-full nx-justify-center nx-pb-8 nx-pr-[calc(env(safe-area-inset-right)-1.5rem)]"><main class="nx-w-full nx-min-w-0 nx-max-w-6xl nx-px-6 nx-pt-4 md:nx-px-12">
<div class="nextra-breadcrumb nx-mt-1.5 nx-flex nx-items-center nx-gap-1 nx-overflow-hidden nx-text-sm nx-text-gray-500"><div class="nx-whitespace-nowrap nx-transition-colors" title="Documentation">Documentation</div><svg fill="none" viewBox="0 0 24 24" width="14"><path d="M9 5l7 7-7 7"></path></svg><div class="nx-whitespace-nowrap nx-font-medium nx-text-gray-700" title="Webhooks">Webhooks</div></div>
<h1 class="nx-mt-2 nx-text-4xl nx-font-bold nx-tracking-tight nx-text-slate-900 dark:nx-text-slate-100">Webhooks</h1>
${paragraph('Fernbank calls your server with an HTTP POST whenever a payment changes state.')}
${heading(2, 'registering-an-endpoint', 'Registering an endpoint')}
${paragraph('Add the endpoint in the dashboard and choose which event types it receives.')}
<div class="nextra-code-block nx-relative nx-mt-6 first:nx-mt-0"><pre class="nx-bg-primary-700/5 nx-mb-4 nx-overflow-x-auto nx-rounded-xl nx-py-4" data-language="bash" data-theme="default"><code class="nx-border-black nx-border-opacity-[0.04] nx-break-words nx-rounded-md" dir="ltr" data-language="bash" data-theme="default"><span class="line"><span style="color:var(--shiki-token-function)">fernbank</span><span style="color:var(--shiki-color-text)"> webhooks add https://hooks.example/in</span></span></code></pre>
<div class="nx-opacity-0 nx-transition focus-within:nx-opacity-100 nx-flex nx-gap-1 nx-absolute nx-m-[11px] nx-right-0 nx-top-0"><button class="nextra-button nx-transition-all active:nx-opacity-50" title="Copy code" tabindex="0"><svg width="16" height="16" viewBox="0 0 24 24"><rect x="9" y="9" width="13" height="13" rx="2"></rect></svg></button></div></div>
${heading(2, 'verifying-signatures', 'Verifying signatures')}
${paragraph('Every delivery carries a <code class="nx-rounded-md nx-border nx-px-[.25em]" dir="ltr">Fernbank-Signature</code> header computed with HMAC-SHA256 over the raw body.')}
${heading(3, 'replay-protection', 'Replay protection')}
<div class="nx-overflow-x-auto nx-mt-6 nx-flex nx-rounded-lg nx-border nx-py-2 ltr:nx-pr-4 nx-border-orange-100 nx-bg-orange-50 nx-text-orange-800"><div class="nx-select-none nx-text-xl ltr:nx-pl-3 ltr:nx-pr-2">⚠️</div><div class="nx-w-full nx-min-w-0 nx-leading-7">${paragraph('Reject deliveries whose timestamp is more than five minutes old.')}</div></div>
${heading(2, 'retries', 'Retries')}
${paragraph('A delivery that does not get a 2xx answer is retried with exponential backoff for three days.')}
<div class="nx-mb-8 nx-flex nx-items-center nx-border-t nx-pt-8 dark:nx-border-neutral-800 contrast-more:nx-border-neutral-400 print:nx-hidden"><a title="First steps" class="nx-flex nx-max-w-[50%] nx-items-center nx-gap-1 nx-py-4 nx-text-base nx-font-medium nx-text-gray-600" href="/docs/getting-started"><svg fill="none" viewBox="0 0 24 24" width="20"><path d="M15 19l-7-7 7-7"></path></svg>First steps</a></div>
</main></article></div>
<footer class="nx-bg-gray-100 nx-pb-[env(safe-area-inset-bottom)] dark:nx-bg-neutral-900 print:nx-bg-transparent"><div class="nx-mx-auto nx-flex nx-max-w-[90rem] nx-justify-center nx-py-12 nx-text-gray-600">MIT 2025 © Fernbank Inc.</div></footer>
</div></div><script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}},"page":"/docs/webhooks","query":{},"buildId":"x7Yb3","nextExport":true,"isFallback":false,"gsp":true}</script></body></html>`,
  sections: [
    { path: [], id: undefined, phrase: 'whenever a payment changes state' },
    {
      path: ['Registering an endpoint'],
      id: 'registering-an-endpoint',
      phrase: 'which event types',
    },
    { path: ['Verifying signatures'], id: 'verifying-signatures', phrase: 'over the raw body' },
    {
      path: ['Verifying signatures', 'Replay protection'],
      id: 'replay-protection',
      phrase: 'five minutes old',
    },
    { path: ['Retries'], id: 'retries', phrase: 'exponential backoff' },
  ],
  chromePhrases: [
    'Plans and pricing',
    'Search documentation',
    'First steps',
    'Change theme',
    'On This Page',
    'Give us feedback',
    'Edit this page',
    'Copy code',
    'MIT 2025',
  ],
};

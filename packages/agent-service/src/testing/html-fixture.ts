/** A realistic documentation page and what a reader of its main content must (not) see. */
export interface SampleHtmlPage {
  /** The whole page: head, site header with navigation, cookie banner, main, aside, footer. */
  html: string;
  /** The page's `<title>`. */
  title: string;
  /** Phrases of the main content: each must survive loading. */
  contentPhrases: string[];
  /** Phrases of the chrome (navigation, banner, footer, scripts, styles, forms): none may. */
  chromePhrases: string[];
  /** The ids of the main content's headings, in order. */
  headingIds: string[];
}

/** Options of {@link sampleHtmlPage}. */
export interface SampleHtmlPageOptions {
  /** The `<title>` (default `Install the widget | Acme Docs`). */
  title?: string;
  /** Hrefs added to the site navigation (a crawler follows them; a reader drops them). */
  links?: string[];
  /** Extra HTML appended inside `<main>`. */
  extraMain?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A documentation page built like real ones: a site header and navigation, a skip link, a
 * cookie-consent banner, inline and JSON-LD scripts, styles, a search form, a `<main>` with
 * headings carrying ids (one through a permalink anchor, one through its `<section>`), a
 * list, a table and a code block, a sidebar table of contents, and a footer. Tests load it
 * and check that exactly the `contentPhrases` come out.
 *
 * @example
 * const page = sampleHtmlPage();
 * const document = await loadDocument({ bytes: new TextEncoder().encode(page.html), fileName: 'install.html' });
 */
export function sampleHtmlPage(options: SampleHtmlPageOptions = {}): SampleHtmlPage {
  const title = options.title ?? 'Install the widget | Acme Docs';
  const navLinks = (options.links ?? [])
    .map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>`)
    .join('');
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)}</title>
  <style>.hero { color: teal } /* stylesheet-marker */</style>
  <script>window.analyticsMarker = "tracking-script-marker";</script>
  <script type="application/ld+json">{"@type":"WebPage","name":"structured-data-marker"}</script>
</head>
<body>
  <a class="skip-link" href="#content">Skip to content</a>
  <div id="cookie-banner" class="cookie-consent" role="region" aria-label="Cookie consent">
    <p>We use cookies to improve your experience. Accept cookies?</p>
    <button>Accept all</button><button>Reject</button>
  </div>
  <header class="site-header">
    <a href="/" class="logo">Acme Docs</a>
    <nav aria-label="Main"><ul><li><a href="/pricing">Pricing plans</a></li>
      <li><a href="/blog">Company blog</a></li>${navLinks}</ul></nav>
    <form role="search" action="/search"><input name="q" placeholder="Search the docs"><button>Search</button></form>
  </header>
  <div class="layout">
    <nav class="sidebar"><ul><li><a href="/docs/intro">Introduction chapter</a></li></ul></nav>
    <main id="content">
      <nav class="breadcrumbs" aria-label="Breadcrumb"><a href="/docs">Docs home</a> / Install</nav>
      <h1 id="install-the-widget">Install the widget</h1>
      <p>The widget adds an agent chat to any page with <strong>one script tag</strong>.</p>
      <h2 id="requirements">Requirements <a class="hash-link" href="#requirements">#</a></h2>
      <ul>
        <li>A BFF reachable from the browser</li>
        <li>An agent id, for example <code>demo</code></li>
      </ul>
      <section id="embed-snippet">
        <h2>Embed snippet</h2>
        <p>Paste this before the closing body tag:</p>
        <pre><code class="language-html">&lt;script src="/widget.js" data-agent-id="demo" defer&gt;&lt;/script&gt;</code></pre>
      </section>
      <h2><a id="attributes"></a>Attributes</h2>
      <table>
        <thead><tr><th>Attribute</th><th>Meaning</th></tr></thead>
        <tbody>
          <tr><td>data-agent-id</td><td>Which agent answers</td></tr>
          <tr><td>data-theme</td><td>light, dark or auto</td></tr>
        </tbody>
      </table>
      <div hidden>Hidden upsell paragraph</div>
      <footer class="page-footer"><a href="/edit">Edit this page on GitHub</a></footer>
      ${options.extraMain ?? ''}
    </main>
    <aside class="table-of-contents"><a href="#requirements">On this page</a></aside>
  </div>
  <footer class="site-footer"><p>Copyright Acme Corporation. Privacy policy.</p></footer>
  <script>document.querySelector('.cookie-consent').hidden = false; // inline-script-marker</script>
</body>
</html>`;
  return {
    html,
    title,
    contentPhrases: [
      'Install the widget',
      'one script tag',
      'A BFF reachable from the browser',
      'Paste this before the closing body tag',
      '<script src="/widget.js" data-agent-id="demo" defer></script>',
      'data-theme',
      'light, dark or auto',
    ],
    chromePhrases: [
      'Skip to content',
      'We use cookies',
      'Accept all',
      'Pricing plans',
      'Company blog',
      'Search the docs',
      'Introduction chapter',
      'Docs home',
      'Hidden upsell',
      'Edit this page',
      'On this page',
      'Copyright Acme',
      'stylesheet-marker',
      'tracking-script-marker',
      'structured-data-marker',
      'inline-script-marker',
    ],
    headingIds: ['install-the-widget', 'requirements', 'embed-snippet', 'attributes'],
  };
}

/** Options of {@link renderDemoPage}. */
export interface DemoPageOptions {
  /** Agent id the widget talks to. */
  agentId: string;
  /** Path prefix where the BFF is mounted ('' at the root). */
  basePath?: string;
}

/**
 * The demo page served at `/` by `npm start`: a plain page that embeds the widget with
 * one script tag, as a site would. It is served with a strict CSP to show the widget
 * needs no inline scripts or styles.
 */
export function renderDemoPage(options: DemoPageOptions): string {
  const base = options.basePath ?? '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>agent-chat demo</title>
    <link rel="stylesheet" href="${base}/demo.css" />
  </head>
  <body>
    <main>
      <h1>agent-chat demo</h1>
      <p>
        The chat bubble in the corner is the agent-chat widget, added to this page with one
        <code>&lt;script&gt;</code> tag. It talks to the BFF on this server, which relays to the
        embedded agent service. The demo agent answers from this project's own documentation.
      </p>
      <p>Try asking:</p>
      <ul>
        <li>How do I embed the widget on my site?</li>
        <li>Which environment variables does the BFF read?</li>
        <li>How do I deploy behind nginx?</li>
      </ul>
      <p>
        This page is served with <code>Content-Security-Policy: default-src 'self'</code>: the
        widget needs no inline scripts or styles.
      </p>
    </main>
    <script
      src="${base}/widget.js"
      data-agent-id="${options.agentId}"
      data-title="agent-chat docs"
      data-welcome="Hi! Ask me anything about agent-chat."
      data-starters="How do I embed the widget?|How do I deploy behind nginx?"
      defer
    ></script>
  </body>
</html>
`;
}

/** Stylesheet of the demo page (served as a file, since the page's CSP forbids inline styles). */
export const DEMO_PAGE_CSS = `body{font-family:system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;line-height:1.6;color:#1f2937}
code{background:#f3f4f6;padding:.1em .3em;border-radius:4px}
h1{font-size:2rem}`;

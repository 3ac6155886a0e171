import { fileURLToPath } from 'node:url';
import { type BffOptions, type BffRouter, createBff } from '@agent-chat/bff';
import express, { type Express } from 'express';

/** What {@link createHostApp} returns. */
export interface HostApp {
  app: Express;
  bff: BffRouter;
}

/** Options of {@link createHostApp}. */
export interface HostAppOptions {
  /** Where agent-chat is mounted: `/chat` (default) or `/`, the root of the site. */
  mount?: '/chat' | '/';
}

/** The site's own static files (`/site.css`), registered after agent-chat. */
const publicDir = fileURLToPath(new URL('./public', import.meta.url));

const page = (body: string, mount: string) => {
  const base = mount === '/' ? '' : mount;
  const endpoint = mount === '/' ? '' : ` data-endpoint="${base}"`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Acme Inc.</title><link rel="stylesheet" href="/site.css" /></head>
  <body>
    <nav><a href="/">Home</a> · <a href="/pricing">Pricing</a></nav>
    ${body}
    <script src="${base}/widget.js" data-agent-id="demo"${endpoint} defer></script>
  </body>
</html>`;
};

/**
 * A site's own Express server: its own pages, API and static files, plus agent-chat
 * mounted under `/chat` (widget at `/chat/widget.js`, public query at
 * `/chat/api/agents/:id/query`) or, with `mount: '/'`, at the root of the site. Either
 * way the site's static files, registered after agent-chat, are still served: the BFF
 * claims only its own paths.
 */
export function createHostApp(bffOptions: BffOptions, options: HostAppOptions = {}): HostApp {
  const mount = options.mount ?? '/chat';
  const app = express();
  app.disable('x-powered-by');

  // The site's own routes.
  app.get('/', (_req, res) => {
    res
      .type('html')
      .send(page('<h1>Welcome to Acme</h1><p>Ask our assistant anything.</p>', mount));
  });
  app.get('/pricing', (_req, res) => {
    res.type('html').send(page('<h1>Pricing</h1><p>Free while in beta.</p>', mount));
  });
  app.get('/api/status', (_req, res) => {
    res.json({ ok: true });
  });

  // agent-chat: one line.
  const bff = createBff(bffOptions);
  app.use(mount, bff);

  // The site's own static files, after agent-chat (which passes on every path not its own).
  app.use(express.static(publicDir, { index: false }));

  return { app, bff };
}

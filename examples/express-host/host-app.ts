import { type BffOptions, type BffRouter, createBff } from '@agent-chat/bff';
import express, { type Express } from 'express';

/** What {@link createHostApp} returns. */
export interface HostApp {
  app: Express;
  bff: BffRouter;
}

const page = (body: string) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Acme Inc.</title></head>
  <body>
    <nav><a href="/">Home</a> · <a href="/pricing">Pricing</a></nav>
    ${body}
    <script src="/chat/widget.js" data-agent-id="demo" data-endpoint="/chat" defer></script>
  </body>
</html>`;

/**
 * A site's own Express server: its own pages and API, plus agent-chat mounted under
 * `/chat` (widget at `/chat/widget.js`, public query at `/chat/api/agents/:id/query`).
 */
export function createHostApp(bffOptions: BffOptions): HostApp {
  const app = express();
  app.disable('x-powered-by');

  // The site's own routes.
  app.get('/', (_req, res) => {
    res.type('html').send(page('<h1>Welcome to Acme</h1><p>Ask our assistant anything.</p>'));
  });
  app.get('/pricing', (_req, res) => {
    res.type('html').send(page('<h1>Pricing</h1><p>Free while in beta.</p>'));
  });
  app.get('/api/status', (_req, res) => {
    res.json({ ok: true });
  });

  // agent-chat: one line.
  const bff = createBff(bffOptions);
  app.use('/chat', bff);

  return { app, bff };
}

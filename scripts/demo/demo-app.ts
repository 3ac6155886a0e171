import { type BffOptions, type BffRouter, createBff, notFound } from '@agent-chat/bff';
import express, { type Express } from 'express';
import { DEMO_PAGE_CSS, renderDemoPage } from './demo-page.js';

/** What {@link createDemoApp} returns. */
export interface DemoApp {
  app: Express;
  bff: BffRouter;
}

/**
 * The demo site: the demo page at `/` (strict CSP) and the BFF mounted at the root, so the
 * widget, its public query route and the admin routes are all on one origin. Anything else
 * is the API's JSON 404, as on the standalone BFF (not Express's HTML page).
 */
export function createDemoApp(options: BffOptions & { agentId: string }): DemoApp {
  const app = express();
  app.disable('x-powered-by');
  const bff = createBff(options);
  const page = renderDemoPage({ agentId: options.agentId });
  app.get('/', (_req, res) => {
    res
      .type('html')
      .set('Content-Security-Policy', "default-src 'self'")
      .set('Cache-Control', 'no-cache')
      .send(page);
  });
  app.get('/demo.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'no-cache').send(DEMO_PAGE_CSS);
  });
  app.get('/favicon.ico', (_req, res) => {
    res.status(204).set('Cache-Control', 'public, max-age=86400').end();
  });
  app.use(bff);
  app.use(notFound);
  return { app, bff };
}

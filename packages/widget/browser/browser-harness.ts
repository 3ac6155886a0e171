import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { type BffOptions, type BffRouter, createBff } from '@agent-chat/bff';
import { createSseEncoder, SSE_HEADERS, type StreamEvent } from '@agent-chat/protocol';
import express, { type Express, type RequestHandler } from 'express';
import type { Browser, Page } from 'playwright-core';
import { launchChromium as launchSharedChromium } from '../../../testing/chromium.js';

/** The widget's build output (made by the project's global setup). */
export const WIDGET_DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** The admin token of the stack's BFFs (for operator calls through the admin relay). */
export const ADMIN_TOKEN = 'widget-browser-admin-token';

/** A host name Chromium resolves to 127.0.0.1; its http pages are insecure contexts. */
export const INSECURE_HOST = 'insecure.test';

/** Launches headless Chromium for the widget's pages (`insecure.test` maps to 127.0.0.1). */
export function launchChromium(): Promise<Browser> {
  // A host name that is not "potentially trustworthy" (unlike 127.0.0.1): pages served
  // under it are insecure contexts, without a Clipboard API.
  return launchSharedChromium([`--host-resolver-rules=MAP ${INSECURE_HOST} 127.0.0.1`]);
}

/** Listens on 127.0.0.1, port 0, and returns the origin. */
export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes a server, dropping keep-alive connections. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * A minimal upstream that answers every query with the given events in the spec dialect,
 * one write per event (a stand-in for a model whose output is hostile).
 */
export function createScriptedUpstream(events: StreamEvent[]): Server {
  const encoder = createSseEncoder();
  return createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/api\/agents\/[\w-]+\/query$/.test(req.url ?? '')) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"error":{"code":"NOT_FOUND","message":"No such route."}}');
        return;
      }
      res.writeHead(200, SSE_HEADERS);
      for (const event of events) res.write(encoder.encode(event));
      res.end();
    });
  });
}

/** Options of {@link pageHtml}. */
export interface PageOptions {
  /** The widget script URL. */
  scriptSrc: string;
  /** `data-*` attributes of the script tag, without the `data-` prefix. */
  data?: Record<string, string>;
  /** Extra markup in `<head>` (stylesheet links, `<base>`). */
  head?: string;
  /** Extra markup in `<body>` before the script. */
  body?: string;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A host page with no inline script or style, embedding the widget with one script tag. */
export function pageHtml(options: PageOptions): string {
  const attributes = Object.entries(options.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeAttribute(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Outdoor — host page</title>
${options.head ?? ''}
</head>
<body>
<main>
<h1>Acme Outdoor</h1>
<p>Tents, boots and everything for the trail. Questions? Ask our assistant.</p>
${options.body ?? ''}
</main>
<script src="${escapeAttribute(options.scriptSrc)}"${attributes} defer></script>
</body>
</html>`;
}

/** The running system under test: agent service, BFFs, page servers. */
export interface Stack {
  /** Origin serving the pages, the widget and the BFF (mounted at `/`). */
  origin: string;
  /** A second origin serving pages only (cross-origin embedding). */
  otherOrigin: string;
  /** The real agent service behind the BFF at `/`, and the demo organization's key. */
  service: { url: string; apiKey: string };
  /** Registers a page at `path` on the main origin (or the other one). */
  page(path: string, html: string, options?: { csp?: string; other?: boolean }): void;
  /** Serves a stylesheet at `path` on the main origin. */
  stylesheet(path: string, css: string): void;
  close(): Promise<void>;
}

/**
 * Starts the real agent service (seeded demo, words streamed with a small delay), a scripted
 * hostile upstream, and one Express app with the real BFF at `/` and a second BFF relaying
 * the hostile upstream at `/hostile`; plus a second origin for cross-origin pages.
 * `options.before` is mounted ahead of both BFFs (at `/` and `/hostile`): routes a test
 * doubles while the real ones are elsewhere. `options.rateLimit` replaces the BFFs' limits
 * (default: 10,000 questions per IP and per visitor, the search limits as configured);
 * `options.bff` adds to both BFFs' options.
 */
export async function startStack(
  hostileEvents: StreamEvent[],
  options: {
    before?: RequestHandler;
    rateLimit?: BffOptions['rateLimit'];
    /** More options of both BFFs (`identitySecret` …). */
    bff?: Partial<BffOptions>;
  } = {},
): Promise<Stack> {
  let service: RunningAgentService | undefined;
  const servers: Server[] = [];
  const routers: BffRouter[] = [];
  try {
    service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      fragmentDelayMs: 4,
    });
    const { apiKey } = await service.seedDemo();
    const hostile = createScriptedUpstream(hostileEvents);
    servers.push(hostile);
    const hostileUrl = await listen(hostile);

    const pages = new Map<string, { html: string; csp?: string | undefined }>();
    const otherPages = new Map<string, string>();
    const stylesheets = new Map<string, string>();
    const main: Express = express();
    const other: Express = express();
    const mainServer = createServer(main);
    const otherServer = createServer(other);
    servers.push(mainServer, otherServer);
    const origin = await listen(mainServer);
    const otherOrigin = await listen(otherServer);

    const bffOptions = {
      agentApiToken: apiKey,
      allowedAgents: ['demo'],
      allowedOrigins: [origin, otherOrigin],
      widgetDir: WIDGET_DIST,
      logger: false as const,
      adminToken: ADMIN_TOKEN,
      rateLimit: options.rateLimit ?? { perIp: 10_000, perVisitor: 10_000 },
      ...options.bff,
    };
    const bff = createBff({ ...bffOptions, upstreamUrl: service.url });
    const hostileBff = createBff({ ...bffOptions, upstreamUrl: hostileUrl });
    routers.push(bff, hostileBff);

    const servePage =
      (table: Map<string, { html: string; csp?: string | undefined }>): RequestHandler =>
      (req, res, next) => {
        const page = table.get(req.path);
        if (!page) return next();
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        if (page.csp) res.setHeader('Content-Security-Policy', page.csp);
        res.end(page.html);
      };
    main.use(servePage(pages));
    main.get(/\.css$/, (req, res, next) => {
      const css = stylesheets.get(req.path);
      if (css === undefined) return next();
      res.type('text/css').send(css);
    });
    if (options.before) {
      main.use('/hostile', options.before);
      main.use(options.before);
    }
    main.use('/hostile', hostileBff);
    main.use(bff);
    const otherTable = new Map<string, { html: string }>();
    other.use(servePage(otherTable));

    return {
      origin,
      otherOrigin,
      service: { url: service.url, apiKey },
      page(path, html, options = {}) {
        if (options.other) {
          otherPages.set(path, html);
          otherTable.set(path, { html });
        } else pages.set(path, { html, csp: options.csp });
      },
      stylesheet(path, css) {
        stylesheets.set(path, css);
      },
      async close() {
        await Promise.all(routers.map((router) => router.shutdown(0)));
        await Promise.all(servers.map(close));
        await service?.close();
      },
    };
  } catch (error) {
    await Promise.all(routers.map((router) => router.shutdown(0)));
    await Promise.all(servers.map((server) => (server.listening ? close(server) : undefined)));
    await service?.close();
    throw error;
  }
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe-core's WCAG 2 A/AA and best-practice violations on the page (shadow DOM included). */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
      };
    };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}

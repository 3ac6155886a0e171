import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import {
  type RunningAgentService,
  type StartAgentServiceOptions,
  startAgentService,
} from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { type BffRouter, createBff } from '@agent-chat/bff';
import express from 'express';
import type { Page } from 'playwright-core';

/** The admin token of the test BFF. */
export const ADMIN_TOKEN = 'console-admin-token-0123456789';

/** The test BFF's `IDENTITY_SECRET`: tests sign users in as a host site's server would. */
export const IDENTITY_SECRET = 'console-identity-secret-0123456789abcdef';

/** Where the BFF is mounted in the test host app: the console lives at `/chat/admin/`. */
export const MOUNT = '/chat';

/** The embedded agent service and a BFF mounted at {@link MOUNT} of an Express host app. */
export interface ConsoleStack {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The console page: `<origin>/chat/admin/`. */
  consoleUrl: string;
  service: RunningAgentService;
  /**
   * Serves `html` at `path` of the host app (outside {@link MOUNT}): a site's page, e.g.
   * with the widget's script tag (`<script src="/chat/widget.js" …>`, served by the BFF).
   */
  page(path: string, html: string): void;
  close(): Promise<void>;
}

/**
 * Starts the embedded agent service (seeded with the demo; `serviceOptions` added to its
 * options, e.g. mail and webhook) and a BFF with the console on. `serviceOptions` may be a
 * function of the console's URL (for links in mails, `publicConsoleUrl`): the host app
 * listens before the service starts.
 */
export async function startConsoleStack(
  serviceOptions:
    | StartAgentServiceOptions
    | ((consoleUrl: string) => StartAgentServiceOptions) = {},
): Promise<ConsoleStack> {
  const app = express();
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const consoleUrl = `${origin}${MOUNT}/admin/`;
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  let service: RunningAgentService;
  let apiKey: string;
  try {
    const options =
      typeof serviceOptions === 'function' ? serviceOptions(consoleUrl) : serviceOptions;
    service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      fragmentDelayMs: 1,
      ...options,
    });
    ({ apiKey } = await service.seedDemo());
  } catch (error) {
    await closeServer();
    throw error;
  }
  const pages = new Map<string, string>();
  app.get(/.*/, (req, res, next) => {
    const html = pages.get(req.path);
    if (html === undefined) next();
    else res.type('html').send(html);
  });
  const bff: BffRouter = createBff({
    upstreamUrl: service.url,
    agentApiToken: apiKey,
    adminToken: ADMIN_TOKEN,
    identitySecret: IDENTITY_SECRET,
    allowedAgents: '*',
    logger: false,
    rateLimit: { perIp: 10_000, perVisitor: 10_000 },
  });
  app.use(MOUNT, bff);
  return {
    origin,
    consoleUrl,
    service,
    page(path, html) {
      pages.set(path, html);
    },
    async close() {
      await bff.shutdown(10);
      await closeServer();
      await service.close();
    },
  };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Runs axe-core (WCAG 2 A/AA rules) in the page; returns its violations, summarised. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, not a <script>: the console's CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
    );
  });
}

/** Signs in through the form with the keyboard only. */
export async function signInWithKeyboard(page: Page, token = ADMIN_TOKEN): Promise<void> {
  await page.getByLabel('Admin token').waitFor();
  await page.keyboard.press('Tab');
  await page.keyboard.type(token);
  await page.keyboard.press('Enter');
}

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@agent-chat/protocol';
import express, { Router } from 'express';
import { sendError } from '../http/index.js';

/**
 * The console page's Content-Security-Policy: its own scripts, styles and API only; the
 * widget preview is a same-origin frame; nothing may frame the console.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Hashed files of the console build: `assets/<name>-<hash>.<ext>`. */
const HASHED = /^\/assets\/[A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8,}\.(?:js|css)$/;

/** The console package's build output: `packages/console/dist` next to this package. */
export function defaultConsoleDir(): string {
  return fileURLToPath(new URL('../../../console/dist', import.meta.url));
}

/**
 * Serves the built console at `admin/` relative to the BFF mount: `GET admin` redirects to
 * `admin/` (relative, so it works under any mount path), `GET admin/` is `index.html`
 * (`no-store`, with {@link CONSOLE_CSP}), `GET admin/assets/*` the hashed files (immutable).
 * A missing build answers 404 with the command that builds it.
 */
export function createConsoleAssets(consoleDir: string | undefined): Router {
  const root = resolve(consoleDir ?? defaultConsoleDir());
  // Strict: `admin` (redirected) and `admin/` (the page) are different paths.
  const router = Router({ strict: true });
  let page: string | undefined;

  const assets = express.static(join(root, 'assets'), {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    },
  });

  router.get('/admin', function toConsole(_req, res) {
    res.redirect(302, 'admin/');
  });
  router.get('/admin/', function consolePage(_req, res) {
    const file = join(root, 'index.html');
    if (page === undefined) {
      if (!existsSync(file)) {
        sendError(
          res,
          404,
          ERROR_CODES.notFound,
          'The console has not been built: run "npm run build -w @agent-chat/console" (or set CONSOLE_DIR).',
        );
        return;
      }
      page = readFileSync(file, 'utf8');
    }
    res.setHeader('Content-Security-Policy', CONSOLE_CSP);
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(page);
  });
  router.get(/^\/admin\/assets\//, function consoleAsset(req, res, next) {
    const path = req.path.slice('/admin'.length);
    if (!HASHED.test(path)) {
      sendError(res, 404, ERROR_CODES.notFound, `There is no console file at ${req.path}.`);
      return;
    }
    req.url = path.slice('/assets'.length);
    assets(req, res, () => {
      sendError(res, 404, ERROR_CODES.notFound, `There is no console file at ${req.path}.`);
    });
    void next;
  });
  return router;
}

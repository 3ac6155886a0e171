import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@agent-chat/protocol';
import express, { type Request, type Response, Router } from 'express';
import { sendError } from '../http/index.js';

/** Options of {@link createWidgetAssets}. */
export interface WidgetAssetsOptions {
  /** Directory of the built widget. Default: {@link defaultWidgetDir}. */
  widgetDir?: string | undefined;
}

/** Cache policy of the entry script: always revalidated (ETag), so a deploy shows at once. */
export const ENTRY_CACHE_CONTROL = 'no-cache';

/** Cache policy of content-hashed files: their name changes with their content. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The widget's entry script: always the BFF's (a JSON 404 says how to build it when missing). */
const ENTRY_PATH = '/widget.js';

/** Files of the widget's build under `assets/`, by extension; served when they exist there. */
const ASSET_PATH = /^\/assets\/.+\.(?:js|mjs|css|map|svg|woff2?|png|webp)$/;

/** A path segment the widget build can produce: no dot files, no `..`, nothing encoded. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** `assets/<name>-<hash>.<ext>`: the layout of the widget's Vite build (hash of 8+ characters). */
const HASHED_PATH = /(?:^|\/)assets\/(?:[^/]+\/)*[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:\.map)?$/;

/**
 * The widget package's build output directory: `<@agent-chat/widget>/dist`, found through
 * node_modules from this file (works from `src` and from `dist`), falling back to the
 * monorepo layout `packages/widget/dist`.
 */
export function defaultWidgetDir(): string {
  const require = createRequire(import.meta.url);
  for (const directory of require.resolve.paths('@agent-chat/widget') ?? []) {
    const packageDir = join(directory, '@agent-chat', 'widget');
    if (existsSync(join(packageDir, 'package.json'))) return join(packageDir, 'dist');
  }
  return fileURLToPath(new URL('../../../widget/dist', import.meta.url));
}

/**
 * Serves the built widget: `GET /widget.js` and its chunks (`/assets/panel-[hash].js`, …),
 * relative to where the router is mounted, from `options.widgetDir` (default
 * {@link defaultWidgetDir}).
 *
 * - `widget.js` (and any unhashed file): `Cache-Control: no-cache` with an ETag, so browsers
 *   revalidate and get a new release at once; hashed files under `assets/`:
 *   `Cache-Control: public, max-age=31536000, immutable`.
 * - `Access-Control-Allow-Origin: *` and `Cross-Origin-Resource-Policy: cross-origin`: the
 *   widget is loaded by other sites, and its chunks by dynamic `import()`, which uses CORS.
 * - Only the widget's own paths are claimed: `/widget.js` (a JSON 404 with a hint to build
 *   the widget when it is missing), and files under `/assets/` that exist in the widget
 *   directory. Every other path, and an `/assets/…` file the widget does not have, goes on
 *   (`next()`), so a host app that mounts the BFF at `/` keeps its own static files. No
 *   directory listing, dotfiles ignored, path traversal refused (a JSON 404).
 */
export function createWidgetAssets(options: WidgetAssetsOptions = {}): Router {
  const root = resolve(options.widgetDir ?? defaultWidgetDir());
  const router = Router();
  const serve = express.static(root, {
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders(res, path) {
      const relative = path.slice(root.length).split('\\').join('/');
      res.setHeader(
        'Cache-Control',
        HASHED_PATH.test(relative) ? HASHED_CACHE_CONTROL : ENTRY_CACHE_CONTROL,
      );
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('X-Content-Type-Options', 'nosniff');
    },
  });

  function assetNotFound(req: Request, res: Response): void {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!existsSync(join(root, 'widget.js'))) {
      sendError(
        res,
        404,
        ERROR_CODES.notFound,
        'The widget has not been built: run "npm run build -w @agent-chat/widget" (or set WIDGET_DIR to a built widget).',
      );
      return;
    }
    sendError(res, 404, ERROR_CODES.notFound, `There is no widget file at ${req.path}.`);
  }

  router.use(function widgetAssets(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    if (req.path === ENTRY_PATH) {
      serve(req, res, () => assetNotFound(req, res));
      return;
    }
    if (!ASSET_PATH.test(req.path)) {
      next();
      return;
    }
    const segments = req.path.split('/').slice(1);
    if (!segments.every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'))) {
      assetNotFound(req, res);
      return;
    }
    serve(req, res, next);
  });
  return router;
}

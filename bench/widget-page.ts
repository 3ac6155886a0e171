import { readFile } from 'node:fs/promises';
import type { RequestListener } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { WidgetPageOptions } from './child-protocol.js';
import { createFakeUpstream, type FakeUpstream } from './fake-upstream.js';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

const page = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>agent-chat widget bench</title></head>
<body>
<main><h1>Widget bench</h1><p>A host page with one script tag.</p></main>
<script src="/widget.js" data-agent-id="bench-agent" data-storage="none" defer></script>
</body>
</html>
`;

/**
 * The widget bench's site: a host page with the widget's script tag, the built widget's
 * files, and (same origin, as the BFF would be) a query endpoint that streams a long
 * markdown answer from the fake upstream.
 */
export function createWidgetPage(options: WidgetPageOptions): {
  handle: RequestListener;
  upstream: FakeUpstream;
} {
  const upstream = createFakeUpstream(options.upstream);
  const root = normalize(options.widgetDir);
  const handle: RequestListener = (req, res) => {
    const path = new URL(req.url ?? '/', 'http://bench.invalid').pathname;
    if (req.method === 'POST') {
      upstream.handle(req, res);
      return;
    }
    if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    const file = normalize(join(root, decodeURIComponent(path)));
    if (!file.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        const type = contentTypes[extname(file)] ?? 'application/octet-stream';
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  };
  return { handle, upstream };
}

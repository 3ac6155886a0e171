import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSite } from './crawl-site.js';
import { createSafeFetcher } from './safe-fetch.js';

const html = `<!doctype html><html><body><main><h1>Tides</h1>${'<p>High water at dawn.</p>'.repeat(200)}</main></body></html>`;

/** Answers as a compressing server does: by the request's Accept-Encoding, or regardless. */
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/negotiated': (req, res) => {
    const asked = String(req.headers['accept-encoding'] ?? '');
    if (asked.includes('br')) {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' });
      res.end(brotliCompressSync(html));
    } else if (asked.includes('gzip')) {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync(html));
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    }
  },
  '/deflate': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' });
    res.end(deflateSync(html));
  },
  '/bomb': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20)));
  },
  '/corrupt': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.end(Buffer.from('this is not gzip at all'));
  },
  '/zstd': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' });
    res.end(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
  },
  '/cut': (_req, res) => {
    const zipped = gzipSync(html);
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.write(zipped.subarray(0, 40), () => res.destroy());
  },
  '/stalled': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
    res.write(gzipSync(html).subarray(0, 40));
  },
  '/sitemap.xml.gz': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/x-gzip' });
    res.end(
      gzipSync(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/negotiated</loc></url><url><loc>${origin}/deflate</loc></url></urlset>`,
      ),
    );
  },
  '/sitemap-bomb.xml.gz': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/gzip' });
    sitemapBomb ??= gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20));
    res.end(sitemapBomb);
  },
};

/** 60 MB of spaces, gzipped once (about 60 KB): made on first request, not per request. */
let sitemapBomb: Buffer | undefined;
let server: Server;
let origin = '';
const asked: string[] = [];
const fetcher = createSafeFetcher({ allowPrivateUrls: true, timeoutMs: 2_000 });
// Unzipping 50 MB is CPU work that a busy 2-core machine can stretch past 2 s; the size cut,
// not the clock, must stop this one (a TIMEOUT would hide a missing limit).
const patientFetcher = createSafeFetcher({ allowPrivateUrls: true, timeoutMs: 60_000 });

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(String(req.headers['accept-encoding'] ?? ''));
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  fetcher.close();
  patientFetcher.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('createSafeFetcher content codings', () => {
  it('asks for gzip and br and reads the compressed answer as the page', async () => {
    const page = await fetcher.fetch(`${origin}/negotiated`);
    expect(asked.at(-1)).toBe('gzip, br');
    expect(text(page.bytes)).toBe(html);
    expect(page.mediaType).toBe('text/html');
  });

  it('reads deflate sent unasked', async () => {
    expect(text((await fetcher.fetch(`${origin}/deflate`)).bytes)).toBe(html);
  });

  it('counts the decoded bytes against maxBytes: a small gzip cannot expand without bound', async () => {
    await expect(fetcher.fetch(`${origin}/bomb`, { maxBytes: 1024 * 1024 })).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringContaining('larger than 1048576 bytes'),
    });
  });

  it('names a body that is not what its coding says, and a coding it cannot read', async () => {
    await expect(fetcher.fetch(`${origin}/corrupt`)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: expect.stringContaining('could not be decoded as gzip'),
    });
    await expect(fetcher.fetch(`${origin}/zstd`)).rejects.toMatchObject({
      code: 'UNSUPPORTED_CONTENT',
      message: expect.stringContaining('Content-Encoding "zstd"'),
    });
  });

  it('reports a connection cut or stalled mid-body as such, not as bad gzip', async () => {
    const cut = await fetcher.fetch(`${origin}/cut`).catch((error: unknown) => error);
    expect(cut).toMatchObject({ code: 'NETWORK_ERROR' });
    expect((cut as Error).message).not.toContain('decoded');
    await expect(fetcher.fetch(`${origin}/stalled`)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('does not ask a webhook receiver for compression', async () => {
    await fetcher
      .fetch(`${origin}/negotiated`, { method: 'POST', body: '{}' })
      .catch(() => undefined);
    expect(asked.at(-1)).toBe('');
  });
});

describe('crawlSite with a gzipped sitemap', () => {
  it('reads sitemap.xml.gz and crawls its pages', async () => {
    const pages: string[] = [];
    const summary = await crawlSite({
      fetcher,
      sitemapUrl: `${origin}/sitemap.xml.gz`,
      concurrency: 2,
      signal: new AbortController().signal,
      async onPage(page) {
        pages.push(`${new URL(page.url).pathname} ${text(page.bytes).length}`);
        return [];
      },
      async onFailure(url, error) {
        throw new Error(`${url} failed: ${String(error)}`);
      },
    });
    expect(pages.sort()).toEqual([`/deflate ${html.length}`, `/negotiated ${html.length}`]);
    expect(summary.pages).toBe(2);
  });

  it('stops a gzipped sitemap that unzips past 50 MB', async () => {
    await expect(
      crawlSite({
        fetcher: patientFetcher,
        sitemapUrl: `${origin}/sitemap-bomb.xml.gz`,
        signal: new AbortController().signal,
        async onPage() {
          return [];
        },
        async onFailure() {
          return undefined;
        },
      }),
    ).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: expect.stringContaining('once unzipped'),
    });
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One page of a {@link ChangingSite}. */
export interface ChangingPage {
  /** The main text's HTML (inside `<main>`). */
  main: string;
  /** The chrome around it (a footer that changes on every deploy, say). */
  footer?: string;
  /** Sent as `ETag`; an `If-None-Match` equal to it answers 304. */
  etag?: string;
  /** Sent as `Last-Modified`; an `If-Modified-Since` equal to it answers 304. */
  lastModified?: string;
  /** The sitemap's `<lastmod>` for it. */
  lastmod?: string;
  /** Links in its navigation (absolute paths). */
  links?: string[];
  /** Answers this status instead (404, 410, 500, 503), or never answers (`hang`). */
  failure?: number | 'hang';
  /** Left out of the sitemap (still served). */
  unlisted?: boolean;
}

/** A request the site received. */
export interface SiteRequest {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  /** The status it answered (0: it never answered). */
  status: number;
}

/** A site on 127.0.0.1 whose pages, validators and failures a test changes between syncs. */
export interface ChangingSite {
  /** `http://127.0.0.1:port` (the same after `restart`). */
  url: string;
  /** The pages by path; change them freely. `/sitemap.xml` lists the listed ones. */
  pages: Map<string, ChangingPage>;
  requests: SiteRequest[];
  /** After this many more page answers, every request answers 503 (a site going down). */
  goDownAfter(pages: number): void;
  /** Every request answers normally again. */
  comeBack(): void;
  /** Stops listening: the site cannot be reached at all. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a site for re-sync tests: pages from a map, with `ETag` / `Last-Modified` answered
 * by 304 when the request's validators match, a sitemap with `<lastmod>`, failures by page,
 * a site-wide outage after a number of answers, and a full stop (nothing listening).
 */
export async function startChangingSite(): Promise<ChangingSite> {
  const pages = new Map<string, ChangingPage>();
  const requests: SiteRequest[] = [];
  let answersLeft = Number.POSITIVE_INFINITY;
  let origin = '';
  const hanging = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    const request: SiteRequest = {
      path,
      ...(req.headers['if-none-match'] ? { ifNoneMatch: req.headers['if-none-match'] } : {}),
      ...(req.headers['if-modified-since']
        ? { ifModifiedSince: req.headers['if-modified-since'] }
        : {}),
      status: 0,
    };
    requests.push(request);
    const answer = (status: number, headers: Record<string, string> = {}, body = '') => {
      request.status = status;
      res.writeHead(status, headers);
      res.end(body);
    };
    if (answersLeft <= 0) return answer(503, {}, 'down for maintenance');
    if (path === '/robots.txt') return answer(404);
    if (path === '/sitemap.xml') {
      const urls = [...pages]
        .filter(([, page]) => !page.unlisted)
        .map(
          ([pagePath, page]) =>
            `<url><loc>${origin}${pagePath}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}</url>`,
        );
      return answer(
        200,
        { 'content-type': 'application/xml' },
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`,
      );
    }
    const page = pages.get(path);
    if (!page) return answer(404, {}, 'not found');
    answersLeft -= 1;
    if (page.failure === 'hang') {
      hanging.add(res);
      return;
    }
    if (page.failure !== undefined) return answer(page.failure, {}, 'failure');
    const validators: Record<string, string> = {
      ...(page.etag ? { etag: page.etag } : {}),
      ...(page.lastModified ? { 'last-modified': page.lastModified } : {}),
    };
    const notModified =
      (page.etag !== undefined && req.headers['if-none-match'] === page.etag) ||
      (page.etag === undefined &&
        page.lastModified !== undefined &&
        req.headers['if-modified-since'] === page.lastModified);
    if (notModified) return answer(304, validators);
    const links = (page.links ?? []).map((link) => `<a href="${link}">${link}</a>`).join(' ');
    answer(
      200,
      { 'content-type': 'text/html; charset=utf-8', ...validators },
      `<!doctype html><html><head><title>${path}</title></head><body><nav>${links}</nav>` +
        `<main>${page.main}</main><footer>${page.footer ?? 'Footer'}</footer></body></html>`,
    );
  };

  let server: Server = createServer(handle);
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  const shut = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    url: origin,
    pages,
    requests,
    goDownAfter(count) {
      answersLeft = count;
    },
    comeBack() {
      answersLeft = Number.POSITIVE_INFINITY;
    },
    stop: shut,
    async restart() {
      server = createServer(handle);
      await listen(port);
    },
    close: () => (server.listening ? shut() : Promise.resolve()),
  };
}

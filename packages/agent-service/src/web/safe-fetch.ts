/**
 * The SSRF-safe fetcher: its options and results, and the fetch itself — the URL checked,
 * each request sent through the address guard, redirects followed within their limits,
 * 304s for conditional requests, the media type checked before the body is read, and
 * every failure as a `FetchError`.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { blockedLiteralError, createGuardedLookup } from './address-guard.js';
import { FetchError } from './fetch-error.js';
import { conditionalHeaders, type HttpValidators, validatorsOf } from './http-validators.js';
import { ACCEPTED_ENCODINGS, readBody } from './response-body.js';

/** Options of {@link createSafeFetcher}. */
export interface SafeFetcherOptions {
  /** Allow loopback, private and link-local addresses (tests, intranets). Default false. */
  allowPrivateUrls?: boolean;
  /** Longest time for one URL, redirects and body included, ms. Default 15 000. */
  timeoutMs?: number;
  /** Largest body, in bytes. Default 10 MiB. */
  maxBytes?: number;
  /** Most redirects followed. Default 5. */
  maxRedirects?: number;
  /** `User-Agent` sent. Default `agent-chat-ingest/1.0`. */
  userAgent?: string;
}

/** Options of one {@link SafeFetcher.fetch} call. */
export interface SafeFetchOptions {
  signal?: AbortSignal;
  /** Accepts the response's media type (e.g. `text/html`); refused → `UNSUPPORTED_CONTENT` before the body is read. */
  accept?: (mediaType: string) => boolean;
  /** Whether a redirect may be followed to this URL (a crawl stays on its site). Default: any. */
  followRedirect?: (url: URL) => boolean;
  /** Overrides the fetcher's `maxBytes`. */
  maxBytes?: number;
  /**
   * What the resource answered last time: sent as `If-None-Match` / `If-Modified-Since`, so
   * an unchanged resource answers 304 (`notModified`, no body) instead of its bytes.
   */
  validators?: HttpValidators | undefined;
  /**
   * `POST` sends `body` with `headers` (a webhook); redirects are then not followed (a
   * 3xx answer is an `HTTP_ERROR`). Default `GET`.
   */
  method?: 'GET' | 'POST';
  headers?: Readonly<Record<string, string>>;
  body?: string;
}

/** A fetched resource. */
export interface FetchedResource {
  /** The URL after redirects. */
  url: string;
  status: number;
  /** The media type, lower case, without parameters (`text/html`); '' when absent. */
  mediaType: string;
  bytes: Uint8Array;
  /** Its `ETag` and `Last-Modified`, when it sent them (for the next, conditional, request). */
  validators: HttpValidators;
  /** It answered 304 to a conditional request: unchanged since `validators` (no bytes). */
  notModified?: true;
}

/** Fetches web resources without letting the caller reach private networks. */
export interface SafeFetcher {
  fetch(url: string, options?: SafeFetchOptions): Promise<FetchedResource>;
  /** Closes the kept-alive connections. */
  close(): void;
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('INVALID_URL', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('INVALID_URL', `${raw}: only http and https URLs can be fetched.`);
  }
  if (url.username || url.password) {
    throw new FetchError('INVALID_URL', `${url.origin}: URLs with credentials are not fetched.`);
  }
  return url;
}

/**
 * Creates the one fetcher the service uses for web pages, sitemaps, robots.txt and webhooks. Only
 * http and https; a URL whose host resolves (at connect time, after every redirect) to a
 * loopback, private, link-local, multicast or unspecified address is refused unless
 * `allowPrivateUrls`; at most `maxRedirects` redirects; the whole fetch within `timeoutMs`;
 * at most `maxBytes` of body; the media type checked before the body is read.
 */
export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowPrivate = options.allowPrivateUrls === true;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxRedirects = options.maxRedirects ?? 5;
  const lookup = allowPrivate ? undefined : createGuardedLookup();
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
  };

  function requestOnce(
    url: URL,
    signal: AbortSignal,
    callOptions: SafeFetchOptions,
  ): Promise<IncomingMessage> {
    if (!allowPrivate) {
      const blocked = blockedLiteralError(url);
      if (blocked !== undefined) return Promise.reject(blocked);
    }
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = transport.request(url, {
        method: callOptions.method ?? 'GET',
        agent: agents[url.protocol as 'http:' | 'https:'],
        signal,
        ...(lookup ? { lookup } : {}),
        headers: {
          'user-agent': options.userAgent ?? 'agent-chat-ingest/1.0',
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          ...(callOptions.method === 'POST' ? {} : { 'accept-encoding': ACCEPTED_ENCODINGS }),
          ...conditionalHeaders(callOptions.validators),
          ...callOptions.headers,
        },
      });
      request.once('response', resolve);
      request.once('error', reject);
      request.end(callOptions.body);
    });
  }

  async function fetchUrl(
    raw: string,
    callOptions: SafeFetchOptions = {},
  ): Promise<FetchedResource> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([callOptions.signal, timeout]) : timeout;
    let url = parseUrl(raw);
    try {
      for (let redirects = 0; ; redirects += 1) {
        const response = await requestOnce(url, signal, callOptions);
        const status = response.statusCode ?? 0;
        if (status === 304 && callOptions.validators) {
          response.resume();
          return {
            url: url.href,
            status,
            mediaType: '',
            bytes: new Uint8Array(),
            validators: validatorsOf(response, callOptions.validators),
            notModified: true,
          };
        }
        const redirect = callOptions.method !== 'POST' && response.headers.location;
        if (status >= 300 && status < 400 && redirect) {
          response.resume();
          if (redirects >= maxRedirects) {
            throw new FetchError(
              'TOO_MANY_REDIRECTS',
              `${raw}: more than ${maxRedirects} redirects (a redirect loop?).`,
            );
          }
          const next = parseUrl(new URL(redirect, url).href);
          if (callOptions.followRedirect && !callOptions.followRedirect(next)) {
            throw new FetchError(
              'OFF_SITE_REDIRECT',
              `${url.href} redirects off the site, to ${next.href}.`,
            );
          }
          url = next;
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new FetchError('HTTP_ERROR', `${url.href} answered HTTP ${status}.`, { status });
        }
        const mediaType =
          (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (callOptions.accept && !callOptions.accept(mediaType)) {
          response.destroy();
          throw new FetchError(
            'UNSUPPORTED_CONTENT',
            `${url.href} is ${mediaType || 'of no declared type'}, not a page that can be ingested.`,
          );
        }
        const bytes = await readBody(
          response,
          url.href,
          callOptions.maxBytes ?? options.maxBytes ?? 10 * 1024 * 1024,
        );
        return { url: url.href, status, mediaType, bytes, validators: validatorsOf(response) };
      }
    } catch (error) {
      if (error instanceof FetchError) throw error;
      if (timeout.aborted) {
        throw new FetchError('TIMEOUT', `${url.href} did not answer within ${timeoutMs} ms.`, {
          cause: error,
        });
      }
      if (callOptions.signal?.aborted)
        throw new FetchError('ABORTED', `Fetching ${url.href} was cancelled.`, { cause: error });
      const blocked = (error as { cause?: unknown }).cause;
      if (blocked instanceof FetchError) throw blocked;
      throw new FetchError(
        'NETWORK_ERROR',
        `${url.href} could not be fetched: ${(error as Error).message}.`,
        { cause: error },
      );
    }
  }

  return {
    fetch: fetchUrl,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

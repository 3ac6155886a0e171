import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { blockedAddressReason, isIpLiteral } from './address-policy.js';
import { FetchError } from './fetch-error.js';

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

/** A response's validators, kept to make the next request conditional. */
export interface HttpValidators {
  /** The `ETag` header. */
  etag?: string | undefined;
  /** The `Last-Modified` header. */
  lastModified?: string | undefined;
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

/** The content codings asked for (a server picks one of them). */
const ACCEPTED_ENCODINGS = 'gzip, br';

type Decoder = ReturnType<typeof createGunzip>;

/**
 * The decoder of a response's content coding: `null` for none, `undefined` for one that
 * cannot be read. `deflate` is not asked for but read when a server sends it anyway.
 */
function decoderFor(encoding: string): Decoder | null | undefined {
  switch (encoding) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'br':
      return createBrotliDecompress();
    case 'deflate':
      return createInflate();
    default:
      return undefined;
  }
}

/**
 * A DNS lookup that refuses names resolving to a non-public address. It runs when the
 * socket connects — for the first request and after every redirect — so the address
 * checked is the address connected to (no gap for DNS rebinding).
 */
function createGuardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      for (const entry of addresses) {
        const reason = blockedAddressReason(entry.address);
        if (reason !== undefined) {
          callback(
            new FetchError(
              'BLOCKED_ADDRESS',
              `${hostname} resolves to ${reason}; private addresses are not fetched (ALLOW_PRIVATE_URLS=true allows them).`,
            ),
            '',
            0,
          );
          return;
        }
      }
      if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]?.address ?? '', addresses[0]?.family ?? 4);
    });
  };
}

/** A response's `ETag` and `Last-Modified`; a 304 may omit them, and keeps `previous` then. */
function validatorsOf(response: IncomingMessage, previous: HttpValidators = {}): HttpValidators {
  const etag = response.headers.etag ?? previous.etag;
  const lastModified = response.headers['last-modified'] ?? previous.lastModified;
  return {
    ...(etag === undefined ? {} : { etag }),
    ...(lastModified === undefined ? {} : { lastModified }),
  };
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
    if (!allowPrivate && isIpLiteral(url.hostname)) {
      const reason = blockedAddressReason(url.hostname);
      if (reason !== undefined) {
        return Promise.reject(
          new FetchError(
            'BLOCKED_ADDRESS',
            `${url.origin} is ${reason}; private addresses are not fetched (ALLOW_PRIVATE_URLS=true allows them).`,
          ),
        );
      }
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
          ...(callOptions.validators?.etag ? { 'if-none-match': callOptions.validators.etag } : {}),
          ...(callOptions.validators?.lastModified
            ? { 'if-modified-since': callOptions.validators.lastModified }
            : {}),
          ...callOptions.headers,
        },
      });
      request.once('response', resolve);
      request.once('error', reject);
      request.end(callOptions.body);
    });
  }

  async function readBody(
    response: IncomingMessage,
    url: string,
    maxBytes: number,
  ): Promise<Uint8Array> {
    const encoding = String(response.headers['content-encoding'] ?? '')
      .trim()
      .toLowerCase();
    const decoder = decoderFor(encoding);
    if (decoder === undefined) {
      response.destroy();
      throw new FetchError(
        'UNSUPPORTED_CONTENT',
        `${url} is sent with Content-Encoding "${encoding}", which cannot be read (${ACCEPTED_ENCODINGS} can).`,
      );
    }
    let body: Readable = response;
    if (decoder !== null) {
      // A failing response (timeout, reset) fails the decoder with its own error; a decoder
      // failing on its own means the bytes are not what their coding says.
      response.once('error', (error) => decoder.destroy(error));
      body = response.pipe(decoder);
    }
    const parts: Buffer[] = [];
    let total = 0;
    try {
      // maxBytes counts decoded bytes: a small compressed body may expand without bound.
      for await (const part of body as AsyncIterable<Buffer>) {
        total += part.length;
        if (total > maxBytes) {
          throw new FetchError('TOO_LARGE', `${url} is larger than ${maxBytes} bytes.`);
        }
        parts.push(part);
      }
    } catch (error) {
      response.destroy();
      decoder?.destroy();
      if (error instanceof FetchError || decoder === null || response.errored) throw error;
      throw new FetchError(
        'NETWORK_ERROR',
        `${url} could not be decoded as ${encoding}: ${(error as Error).message}.`,
        { cause: error },
      );
    }
    return new Uint8Array(Buffer.concat(parts, total));
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

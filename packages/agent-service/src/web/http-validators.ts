/**
 * Conditional requests: a response's validators (`ETag`, `Last-Modified`) kept, and sent
 * back as `If-None-Match` / `If-Modified-Since` so an unchanged resource answers 304.
 */
import type { IncomingMessage } from 'node:http';

/** A response's validators, kept to make the next request conditional. */
export interface HttpValidators {
  /** The `ETag` header. */
  etag?: string | undefined;
  /** The `Last-Modified` header. */
  lastModified?: string | undefined;
}

/** A response's `ETag` and `Last-Modified`; a 304 may omit them, and keeps `previous` then. */
export function validatorsOf(
  response: IncomingMessage,
  previous: HttpValidators = {},
): HttpValidators {
  const etag = response.headers.etag ?? previous.etag;
  const lastModified = response.headers['last-modified'] ?? previous.lastModified;
  return {
    ...(etag === undefined ? {} : { etag }),
    ...(lastModified === undefined ? {} : { lastModified }),
  };
}

/** The headers that make a request conditional on `validators` (none without them). */
export function conditionalHeaders(validators: HttpValidators | undefined): Record<string, string> {
  return {
    ...(validators?.etag ? { 'if-none-match': validators.etag } : {}),
    ...(validators?.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
  };
}

/**
 * Web: fetching pages for ingestion (and posting webhooks) without becoming a server-side request forgery tool
 * (one SSRF-safe fetcher: public addresses only, checked at connect time after every
 * redirect; timeouts, byte caps, media types), and crawling a site from its sitemap or a
 * start URL (same origin, robots.txt, page, depth and byte limits).
 */
export { type CrawlPageMemory, type CrawlSummary, crawlSite } from './crawl-site.js';
export { FetchError, isGoneFetchError, isTransientFetchError } from './fetch-error.js';
export type { HttpValidators } from './http-validators.js';
export { type FetchRetryOptions, withRetries } from './retrying-fetcher.js';
export {
  createSafeFetcher,
  type FetchedResource,
  type SafeFetcher,
  type SafeFetcherOptions,
} from './safe-fetch.js';

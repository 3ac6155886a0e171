import type { Readable } from 'node:stream';

/**
 * An upstream response once its headers arrived (undici's `Pool.request` answer): the
 * status, the headers (names lower-case) and the body as a stream, which whoever reads the
 * response reads to its end or destroys (`readableEnded` tells which).
 */
export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

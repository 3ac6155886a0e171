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

/**
 * Largest JSON answer the BFF reads from the agent service, bytes (4 MiB): a query's
 * answer, a conversation's messages. A bigger one is not an answer anyone sent, and the
 * visitor gets a 502 instead.
 */
export const MAX_UPSTREAM_ANSWER_BYTES = 4 * 1024 * 1024;

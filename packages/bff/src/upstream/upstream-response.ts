import type { Readable } from 'node:stream';

/** A response body as the relays read it: a stream that says whether it was read to its end. */
export type UpstreamBody = Readable & { readonly complete: boolean };

/**
 * An upstream response once its headers arrived: the body as a stream, with the status, the
 * headers (names lower-case) and whether the whole body was read (`complete`).
 */
export interface UpstreamResponse extends Readable {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** True once the body was read to its end. */
  readonly complete: boolean;
}

/** An undici response (`Pool.request`'s), its body made the {@link UpstreamResponse}. */
export function upstreamResponse(answer: {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}): UpstreamResponse {
  const response = answer.body as UpstreamResponse;
  response.statusCode = answer.statusCode;
  response.headers = answer.headers;
  Object.defineProperty(response, 'complete', { get: () => response.readableEnded });
  return response;
}

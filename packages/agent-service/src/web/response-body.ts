/**
 * A fetched response's body: decoded from its content coding (gzip, br, and deflate when
 * a server sends it unasked), capped in decoded bytes, its failures as `FetchError`s.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { FetchError } from './fetch-error.js';

/** The content codings asked for, as `Accept-Encoding` (a server picks one of them). */
export const ACCEPTED_ENCODINGS = 'gzip, br';

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
 * The body of `response`, decoded from its content coding and at most `maxBytes` decoded
 * bytes long (a small compressed body may expand without bound). A coding that cannot be
 * read is `UNSUPPORTED_CONTENT`, a larger body `TOO_LARGE`, bytes that are not what their
 * coding says `NETWORK_ERROR`; the response is destroyed on any failure.
 */
export async function readBody(
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

import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { FetchError } from './fetch-error.js';

const gunzipAsync = promisify(gunzip);

/** Whether bytes begin with gzip's magic number. */
const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * A fetched sitemap's text. Large sites publish `sitemap.xml.gz`, served as a gzip file (not
 * with `Content-Encoding`): such bytes are gunzipped, to at most `maxBytes`, so a small file
 * cannot expand without bound.
 */
export async function sitemapText(
  bytes: Uint8Array,
  url: string,
  maxBytes: number,
): Promise<string> {
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
  try {
    return new TextDecoder().decode(await gunzipAsync(bytes, { maxOutputLength: maxBytes }));
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new FetchError('TOO_LARGE', `${url} is larger than ${maxBytes} bytes once unzipped.`);
    }
    throw new FetchError(
      'UNSUPPORTED_CONTENT',
      `${url} looks gzipped but cannot be unzipped: ${(error as Error).message}.`,
      { cause: error },
    );
  }
}

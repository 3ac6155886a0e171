import { decodeEntities } from './decode-entities.js';
import { safeHref } from './safe-href.js';

// Percent-encodes what a URL may not hold as typed (spaces, non-ASCII…), keeping existing
// `%XX` escapes and the characters that are meaningful in URLs, as CommonMark renderers do.
const unsafeInUrl = /%(?![\da-fA-F]{2})|[^\w;/?:@&=+$,.!~*'()#%-]/gu;

function encode(character: string): string {
  try {
    return encodeURIComponent(character);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate
  }
}

/**
 * The `href` for a Markdown link destination, or undefined when it must not be linked:
 * character references are decoded, unsafe characters percent-encoded, and only absolute
 * http(s) and mailto URLs pass (`javascript:`, `data:` and relative URLs are shown as text).
 */
export function linkHref(destination: string): string | undefined {
  const href = decodeEntities(destination).replace(unsafeInUrl, encode);
  return safeHref(href) === undefined ? undefined : href;
}

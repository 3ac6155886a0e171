// HTML's Latin-1 entities, in code point order from U+00A0, then common typographic ones.
// The full HTML list (2,125 names) would cost more gzip bytes than the rest of the Markdown
// chunk's own code; any other name stays as typed (a deviation in commonmark-deviations.ts).
const latin1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
const others: Record<string, number> = {
  quot: 34,
  amp: 38,
  apos: 39,
  lt: 60,
  gt: 62,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  ldquo: 8220,
  rdquo: 8221,
  bull: 8226,
  hellip: 8230,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  minus: 8722,
  ne: 8800,
  le: 8804,
  ge: 8805,
};
let named: Map<string, number> | undefined;

function namedEntities(): Map<string, number> {
  if (!named) {
    named = new Map(Object.entries(others));
    for (const [index, name] of latin1.split(' ').entries()) named.set(name, 160 + index);
  }
  return named;
}

const referencePattern = /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{0,31}));/g;

function fromCodePoint(code: number): string {
  // NUL, surrogates and values past Unicode become U+FFFD, as CommonMark says.
  return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)
    ? '\uFFFD'
    : String.fromCodePoint(code);
}

/**
 * Decodes HTML character references (`&amp;`, `&#35;`, `&#x22;`, `&ouml;`) in Markdown text,
 * link destinations and titles. Numeric references are all decoded; named ones from HTML's
 * Latin-1 set and common punctuation (`&mdash;`, `&hellip;`, arrows…); others stay as typed.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(referencePattern, (reference, decimal, hex, name) => {
    if (decimal !== undefined) return fromCodePoint(Number(decimal));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    const code = namedEntities().get(name);
    return code === undefined ? reference : String.fromCharCode(code);
  });
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  ZeroWidthSpace: '\u200b',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  rarr: '→',
  larr: '←',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#')) {
      const code =
        entity[1] === 'x' || entity[1] === 'X'
          ? Number.parseInt(entity.slice(2), 16)
          : Number.parseInt(entity.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return entities[entity] ?? match;
  });
}

/**
 * The text an evaluation compares key phrases in: HTML entities decoded, Markdown links
 * and images reduced to their text, HTML tags, backslash escapes, code ticks and `**` / `__`
 * dropped, curly quotes straightened, NFKC, whitespace collapsed, lower case. The same
 * normalisation as `normText()` of the development sets' `serve-site.mjs`, so a phrase
 * counts as present when only markup or case separates it from the answer.
 *
 * @example
 * normalizeEvalText('Set **`fetch: app.fetch`** in [the “Worker”](/x)') // 'set fetch: app.fetch in the "worker"'
 */
export function normalizeEvalText(text: string): string {
  return decodeEntities(text)
    .normalize('NFKC')
    .replace(/\u200b/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1')
    .replace(/`+/g, '')
    .replace(/\*\*|__/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

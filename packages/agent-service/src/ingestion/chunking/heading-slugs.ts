// The text a Markdown heading shows once rendered: code spans kept verbatim, and outside
// them images dropped, links reduced to their text, HTML tags and `_`/`__` emphasis
// delimiters removed (other markers are punctuation, which the slug drops anyway).
function renderedText(markdown: string): string {
  return markdown
    .split(/(`+[^`]*`+)/)
    .map((part, index) => {
      if (index % 2 === 1) return part.replace(/^`+|`+$/g, '');
      return part
        .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
        .replace(/\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])/g, '$1')
        .replace(/<\/?[A-Za-z][^>]*>/g, '')
        .replace(/(^|[^\p{L}\p{N}_])(_{1,2})(?=\S)(.*?\S)\2(?![\p{L}\p{N}_])/gu, '$1$3');
    })
    .join('');
}

/** GitHub's slug of a heading's text: lower case, all but letters, digits, `_`, `-` and spaces dropped, spaces to `-`. */
function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * A slugger for the headings of one Markdown document: gives each heading the id GitHub
 * gives it (github-slugger's rule, which Docusaurus, GitHub and many generators follow),
 * so that a chunk of a Markdown source cites `page#slug` as the built site links it. The
 * heading's rendered text is lower-cased, stripped of punctuation and symbols, its spaces
 * turned into hyphens; a slug seen before gets `-1`, `-2`… in document order. A heading
 * with no letters or digits has no id (`undefined`).
 *
 * @example
 * const slug = createHeadingSlugger();
 * slug('Install `vi.mock()`'); // 'install-vimock'
 * slug('Install `vi.mock()`'); // 'install-vimock-1'
 */
export function createHeadingSlugger(): (heading: string) => string | undefined {
  const occurrences = new Map<string, number>();
  return (heading) => {
    const base = slugOf(renderedText(heading).trim());
    let slug = base;
    while (occurrences.has(slug)) {
      const count = (occurrences.get(base) ?? 0) + 1;
      occurrences.set(base, count);
      slug = `${base}-${count}`;
    }
    occurrences.set(slug, 0);
    return /[\p{L}\p{N}]/u.test(slug) ? slug : undefined;
  };
}

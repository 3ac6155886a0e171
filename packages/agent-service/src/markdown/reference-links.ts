import { closesFence, openingFence } from './markdown-blocks.js';

/** A link reference definition line: `[label]: url "optional title"` (up to 3 spaces in). */
const definitionPattern =
  /^ {0,3}\[([^\]\n]{1,200})\]:[ \t]*<?([^\s>]+)>?(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/;
/** An empty HTML anchor kept for old-style heading links: `<a name="md013"></a>`. */
const emptyAnchorPattern =
  /<a\s{1,20}(?:name|id)\s{0,20}=\s{0,20}(?:"[^"\n]{0,200}"|'[^'\n]{0,200}')\s{0,20}>\s{0,20}<\/a>/gi;
/** A full (`[text][label]`) or collapsed (`[text][]`) reference link; images too. */
const referencePattern = /(!?)\[([^\]\n]{1,500})\]\[([^\]\n]{0,200})\]/g;

/** Case and inner spacing do not matter in a label (CommonMark's label matching, simplified). */
const normalizeLabel = (label: string) => label.trim().replace(/\s+/g, ' ').toLowerCase();

/** Calls `transform` on each line outside fenced code; code lines are kept as they are. */
function mapProse(lines: readonly string[], transform: (line: string) => string | undefined) {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of lines) {
    if (fence !== undefined) {
      if (closesFence(line, fence)) fence = undefined;
      kept.push(line);
      continue;
    }
    const opening = openingFence(line);
    if (opening) {
      fence = opening.fence;
      kept.push(line);
      continue;
    }
    const result = transform(line);
    if (result !== undefined) kept.push(result);
  }
  return kept;
}

/**
 * A Markdown document with its reference links written inline: `[HTML][HTML]` with
 * `[HTML]: https://…` elsewhere becomes `[HTML](https://…)`, and the definition lines and
 * empty `<a name>` anchors are dropped. A chunk holds a link without the definition that
 * may sit at the end of the file, so an answer quoted "[HTML][HTML]" and, from the file's
 * end, "[gfm-table-056]: https://docs.github.com/…" as if they were text. A reference whose
 * label is not defined stays as written; fenced code is never touched.
 */
export function inlineReferenceLinks(markdown: string): string {
  const definitions = new Map<string, string>();
  const lines = markdown.split('\n');
  const withoutDefinitions = mapProse(lines, (line) => {
    const definition = definitionPattern.exec(line);
    if (definition) {
      const label = normalizeLabel(definition[1] as string);
      if (!definitions.has(label)) definitions.set(label, definition[2] as string);
      return undefined;
    }
    return line.includes('<a') ? line.replace(emptyAnchorPattern, '') : line;
  });
  if (definitions.size === 0) return withoutDefinitions.join('\n');
  return mapProse(withoutDefinitions, (line) =>
    line.replace(referencePattern, (whole, bang: string, text: string, label: string) => {
      const url = definitions.get(normalizeLabel(label || text));
      return url === undefined ? whole : `${bang}[${text}](${url})`;
    }),
  ).join('\n');
}

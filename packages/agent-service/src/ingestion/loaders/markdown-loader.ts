import { parse as parseYaml } from 'yaml';
import { inlineReferenceLinks, markdownBlocks } from '../../markdown/index.js';

/** A Markdown document split into its front matter's title and its body. */
export interface MarkdownParts {
  /** `title` of the YAML front matter, else the first level-1 heading, else undefined. */
  title: string | undefined;
  /** The Markdown without its front matter. */
  markdown: string;
}

const frontMatterPattern = /^---[ \t]*\n([\s\S]*?)\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;
function frontMatterTitle(yaml: string): string | undefined {
  try {
    const data: unknown = parseYaml(yaml, { maxAliasCount: 10 });
    if (typeof data === 'object' && data !== null && 'title' in data) {
      const title = (data as { title: unknown }).title;
      if (typeof title === 'string' && title.trim()) return title.trim();
      if (typeof title === 'number') return String(title);
    }
  } catch {
    // Front matter that is not valid YAML has no title to offer; the body still counts.
  }
  return undefined;
}

/** The text of the first level-1 heading (ATX `# x` or setext `x\n===`) outside code. */
export function firstH1(markdown: string): string | undefined {
  for (const block of markdownBlocks(markdown)) {
    if (block.kind === 'heading' && block.level === 1 && block.text) return block.text;
  }
  return undefined;
}

/**
 * Reads a Markdown document: strips YAML front matter (`---` … `---` at the very start)
 * and takes its `title`, else the first level-1 heading. The body is kept as written —
 * headings, lists, tables and code are already Markdown — but for its reference links,
 * written inline (`inlineReferenceLinks`: a chunk would hold a link without its definition).
 */
export function loadMarkdown(text: string): MarkdownParts {
  const match = frontMatterPattern.exec(text);
  const body = match ? text.slice(match[0].length) : text;
  const title =
    (match?.[1] !== undefined ? frontMatterTitle(match[1]) : undefined) ?? firstH1(body);
  return { title, markdown: inlineReferenceLinks(body).trim() };
}

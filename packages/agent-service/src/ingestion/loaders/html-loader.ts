import type { Element, Root } from 'hast';
import { type Handle, type State, toMdast } from 'hast-util-to-mdast';
import type { Heading, PhrasingContent } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { DocumentLoadError } from './document-load-error.js';
import { pageLinks } from './html-links.js';
import { mainContent } from './html-main-content.js';
import { flattenTableCells } from './html-table-cells.js';
import { documentTitle, firstHeading, pageTitle, summarizedTitle } from './html-title.js';
import { parseHtml } from './parse-html.js';

/** An HTML page read as Markdown. */
export interface HtmlParts {
  /**
   * The document's own title (`documentTitle`: the `<h1>` or the `<title>`'s name part), with
   * the one-line summary a reference entry opens with (`summarizedTitle`).
   */
  title: string | undefined;
  /** The main content as Markdown; headings with an id end in `{#id}`. */
  markdown: string;
  /** The page's links (see {@link pageLinks}), when `pageUrl` was given. */
  links?: string[];
}

/** Options of {@link loadHtml}. */
export interface HtmlOptions {
  /** `false` leaves heading ids out (DOCX bookmarks are no link targets). Default `true`. */
  headingIds?: boolean;
  /** The page's URL: its links are read too, from the same parse, and resolved against it. */
  pageUrl?: string;
}

// Headings keep their id as a trailing `{#id}` attribute (the Pandoc/kramdown syntax),
// which the chunker turns into the chunk's anchor.
const heading: Handle = (state: State, node: Element) => {
  const depth = Number(node.tagName.charAt(1)) as Heading['depth'];
  const children = state.all(node) as PhrasingContent[];
  const id = node.properties.id;
  if (typeof id === 'string' && id && !/[\s{}]/.test(id)) {
    children.push({ type: 'text', value: ` {#${id}}` });
  }
  const result: Heading = { type: 'heading', depth, children };
  state.patch(node, result);
  return result;
};

// Headings written without their ids (documents whose bookmarks are no link targets).
const plainHeading: Handle = (state: State, node: Element) => {
  const result: Heading = {
    type: 'heading',
    depth: Number(node.tagName.charAt(1)) as Heading['depth'],
    children: state.all(node) as PhrasingContent[],
  };
  state.patch(node, result);
  return result;
};

function headingHandlers(handle: Handle): Record<string, Handle> {
  return { h1: handle, h2: handle, h3: handle, h4: handle, h5: handle, h6: handle };
}

const handlers: Record<string, Handle> = {
  // Link targets are noise in a passage (and relative ones break out of context): keep
  // the link's text only.
  a: (state: State, node: Element) => state.all(node),
};

function parse(html: string): Root {
  try {
    return parseHtml(html);
  } catch (error) {
    if (error instanceof DocumentLoadError) throw error;
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      error instanceof RangeError
        ? 'The HTML is nested too deeply to read (thousands of levels of elements).'
        : 'The HTML could not be parsed.',
      { cause: error },
    );
  }
}

/**
 * Reads an HTML page: parses it once, as browsers do (parse5; nesting capped), takes its
 * links when `pageUrl` is given, keeps only its main content (see {@link mainContent}: no
 * navigation, site header or footer, sidebars, scripts, styles, cookie banners or forms)
 * and writes it as GitHub-flavoured Markdown — headings with their ids, lists, tables (each
 * row one line: `flattenTableCells`) and code blocks (language kept) as Markdown; links as
 * their text; images dropped.
 */
export function loadHtml(html: string, options: HtmlOptions = {}): HtmlParts {
  const tree = parse(html);
  // Before mainContent, which prunes the tree in place: the navigation's links count.
  const links = options.pageUrl === undefined ? undefined : pageLinks(tree, options.pageUrl);
  const content = mainContent(tree);
  flattenTableCells(content);
  let markdown: string;
  try {
    const headings = headingHandlers(options.headingIds === false ? plainHeading : heading);
    const mdast = toMdast(content, { handlers: { ...handlers, ...headings } });
    markdown = toMarkdown(mdast, {
      extensions: [gfmToMarkdown({ tablePipeAlign: false })],
      bullet: '-',
      fences: true,
      rule: '-',
      listItemIndent: 'one',
    });
  } catch (error) {
    throw new DocumentLoadError(
      'CORRUPT_DOCUMENT',
      error instanceof RangeError
        ? 'The HTML is nested too deeply to read (thousands of levels of elements).'
        : 'The HTML page could not be converted to text.',
      { cause: error },
    );
  }
  const named = documentTitle(pageTitle(tree), firstHeading(content));
  const summarized =
    named === undefined ? { title: named, markdown } : summarizedTitle(named, markdown);
  const parts: HtmlParts = { title: summarized.title, markdown: summarized.markdown.trim() };
  if (links !== undefined) parts.links = links;
  return parts;
}

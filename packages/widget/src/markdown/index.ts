/**
 * Markdown rendering, loaded as its own chunk when the panel opens: CommonMark + GFM parsed by
 * marked's lexer (incrementally while an answer streams) and rendered as Preact elements.
 */
export { decodeEntities } from './decode-entities.js';
export {
  createIncrementalLexer,
  type IncrementalLexer,
  type LexedMarkdown,
} from './incremental-lexer.js';
export { linkHref } from './link-href.js';
export { MarkdownView, type MarkdownViewProps } from './markdown-view.js';
export type { CodeBlockProps, MarkdownOptions } from './render-tokens.js';

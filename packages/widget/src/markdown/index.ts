/**
 * Markdown rendering, loaded as its own chunk when the panel opens: CommonMark + GFM parsed by
 * marked's lexer (incrementally while an answer streams) and rendered as Preact elements.
 * The panel imports this module dynamically (`panel/markdown.tsx`) and uses `MarkdownView`.
 */
/** @public Used through the dynamic import in `panel/markdown.tsx`. */
export { MarkdownView } from './markdown-view.js';
export type { CodeBlockProps, MarkdownOptions } from './render-tokens.js';

/**
 * Markdown rendering, loaded as its own chunk when the panel opens: CommonMark + GFM parsed by
 * marked's lexer (incrementally while an answer streams) and rendered as Preact elements.
 * The panel imports this module dynamically (`panel/markdown.tsx`) and uses `MarkdownView`.
 */
/** @public Used through the dynamic import in `panel/markdown.tsx`. */

/** @public Adopted by the panel once this chunk has loaded (`panel/mount-panel.tsx`). */
export { markdownStyles } from './markdown-styles.js';
export { MarkdownView } from './markdown-view.js';
export type { CodeBlockProps, MarkdownOptions } from './render-tokens.js';

/**
 * Markdown as blocks: a document split in one linear pass into its headings, fenced code,
 * tables and paragraphs (`markdownBlocks`), and a block too long for its place cut into
 * pieces that still read as Markdown (`splitBlock`, `splitText`). Shared by the loaders
 * (a document's title), chunking (sections) and the extractive answerer (excerpts).
 */
export { type MarkdownBlock, markdownBlocks } from './markdown-blocks.js';
export { splitBlock, splitText } from './split-block.js';

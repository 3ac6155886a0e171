/**
 * Markdown as blocks: a document split in one linear pass into its headings, fenced code,
 * tables and paragraphs (`markdownBlocks`), a block too long for its place cut into pieces
 * that still read as Markdown (`splitBlock`, `splitText`), a text's inline code spans
 * (`inlineCodeOf`), and a document's reference links written inline
 * (`inlineReferenceLinks`). Shared by the loaders (a document's title and text), chunking
 * (sections), the lexical index (code shapes) and the extractive answerer (excerpts).
 */
export { inlineCodeOf } from './inline-code.js';
export {
  isTableDelimiter,
  type MarkdownBlock,
  markdownBlocks,
  parseHeadingLine,
} from './markdown-blocks.js';
export { inlineReferenceLinks } from './reference-links.js';
export { splitBlock, splitText } from './split-block.js';

/**
 * Chunking: a loaded document → the chunks that are indexed, split along its structure
 * (sections under headings, whole code blocks and tables), each titled with its heading
 * path and carrying its heading anchor (HTML) or page number (PDF).
 */
export {
  type ChunkOptions,
  chunkDocument,
  chunkQa,
  type DocumentChunk,
  TITLE_SEPARATOR,
} from './chunk-document.js';
export {
  type HeadingLine,
  type MarkdownBlock,
  markdownBlocks,
  parseHeadingLine,
} from './markdown-blocks.js';

/**
 * Chunking: a loaded document → the chunks that are indexed, split along its structure
 * (sections under headings, whole code blocks and tables), each titled with its heading
 * path and carrying its heading anchor (HTML) or page number (PDF).
 */
export { chunkDocument, chunkQa, type DocumentChunk } from './chunk-document.js';

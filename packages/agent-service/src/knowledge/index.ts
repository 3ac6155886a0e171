/**
 * Knowledge: what agents answer from. Datastores hold datasources (documents); a document
 * is cleaned, split into chunks under its headings and stored with `replaceChunks` (the
 * one write path, which keeps the lexical statistics); retrieval ranks chunks with BM25
 * over those statistics and finds the sources to cite. The word handling (terms, Porter2
 * stems) is shared with the answerers. Ingestion reads files and pages with `loaders/`
 * (bytes → structured Markdown) and splits them with `chunking/` (sections under their
 * heading path, PDF pages kept).
 */

export { type ChunkInput, replaceChunks } from './chunk-store.js';
export { chunkText, splitBlocks } from './chunk-text.js';
export {
  type ChunkOptions,
  chunkDocument,
  chunkQa,
  type DocumentChunk,
  TITLE_SEPARATOR,
} from './chunking/index.js';
export { deleteDatasource, getDatasource, listDatasources } from './datasources.js';
export {
  createDatastore,
  deleteDatastore,
  getDatastore,
  listDatastores,
  updateDatastore,
} from './datastores.js';
export { updateDatasourceDocument, upsertDocuments } from './documents.js';
export { indexPendingDatasources } from './indexing.js';
export {
  type DocumentFormat,
  DocumentLoadError,
  type DocumentLoadErrorCode,
  detectFormat,
  FORMAT_MIME_TYPES,
  isDocumentLoadError,
  type LoadedDocument,
  type LoadInput,
  loadDocument,
  SUPPORTED_FORMATS,
  type SupportedFormat,
} from './loaders/index.js';
export { type Passage, retrieve } from './retrieval.js';
export { queryTerms, termsOf, wordsOf } from './text-terms.js';

/**
 * Knowledge: what agents answer from. Datastores hold datasources (documents); a document
 * is split into chunks under its headings (by `ingestion/`) and stored with `replaceChunks`
 * (the one write path, which keeps the lexical statistics); retrieval ranks chunks with
 * BM25 over those statistics and finds the sources to cite. The word handling (terms,
 * Porter2 stems) is shared with the answerers. Ingestion reads files and pages with
 * `loaders/` (bytes → structured Markdown) and splits them with `chunking/` (sections under
 * their heading path, PDF pages kept). With `embeddings/` configured, retrieval is hybrid:
 * chunk vectors (pgvector, HNSW) fused with the lexical ranking by reciprocal rank.
 */

export { stopChunkAnalysis, warmChunkAnalysis } from './chunk-analyzer.js';
export { replaceChunksOf } from './chunk-store.js';
export { splitBlocks } from './chunk-text.js';
export {
  chunkDocument,
  chunkQa,
  type DocumentChunk,
} from './chunking/index.js';
export { deleteDatasource, getDatasource, listDatasources } from './datasources.js';
export { searchDatastore } from './datastore-search.js';
export {
  createDatastore,
  deleteDatastore,
  getDatastore,
  listDatastores,
  updateDatastore,
} from './datastores.js';
export {
  createEmbeddingsClient,
  DEFAULT_MIN_SIMILARITY,
  EmbeddingsError,
  type EmbeddingsFailure,
  type HybridRetrieval,
  type HybridRetrievalOptions,
  reembed,
  startHybridRetrieval,
} from './embeddings/index.js';
export { maintainLexicalIndex } from './lexical-index-maintenance.js';
export {
  detectFormat,
  type LoadedDocument,
  loadDocument,
  SUPPORTED_FORMATS,
} from './loaders/index.js';
export { type Passage, retrieve } from './retrieval.js';
export { queryTerms, termsOf } from './text-terms.js';

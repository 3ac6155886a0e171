/**
 * The lexical index: chunks analysed into Porter2 stems (as Postgres's `english`
 * configuration stems them) and stored with BM25's term statistics by `replaceChunksOf`,
 * the one write path for chunks (large batches analysed by a chunk-analysis pool's worker
 * thread while the previous ones are stored); its upkeep (`maintainLexicalIndex`); and its read path,
 * `searchLexical`: a question's terms weighted, misspellings corrected, BM25 candidates
 * scored. The word handling is shared with `retrieval/` and the answerers.
 */
export { type ChunkAnalysisPool, createChunkAnalysisPool } from './chunk-analysis-pool.js';
export { TITLE_SEPARATOR } from './chunk-title.js';
export { codeShapesOf, isCodeShape, isConstructShape, rarestShapes } from './code-shapes.js';
export { expandNegativeContractions } from './contractions.js';
export { maintainLexicalIndex } from './lexical-index-maintenance.js';
export { searchLexical } from './lexical-search.js';
export { tsqueryLiteral, type WeightedText } from './query-terms.js';
export { replaceChunksOf } from './replace-chunks.js';
export { SYNONYM_WEIGHT, synonymsOf } from './synonyms.js';
export {
  lexemesOf,
  queryTerms,
  stemOf,
  termsOf,
  wordsOf,
  writtenWordsOf,
} from './text-terms.js';

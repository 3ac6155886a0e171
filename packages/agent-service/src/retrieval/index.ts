/**
 * Retrieval: the passages a question is answered from and the sources they are cited as.
 * The lexical index's BM25 candidates go through the stages of `ranking-pipeline.ts`, in
 * the order listed there (re-ranked by their best sentence and the answer's shape, bare
 * lists lowered, a page raised by its next best sections, fused with the vector ranking
 * when `embeddings/` is configured, the best passage's subsection brought next to it…; the relevance floor
 * and the section's example only when answering); also a datastore's search in the hosted
 * API's shape, with what each stage did when asked to explain.
 */
export { searchDatastore } from './datastore-search.js';
export { headingNameOf } from './named-subsection.js';
export { STAGE_NAMES, type StageName } from './ranking-pipeline.js';
export { type Passage, RERANK_DEPTH, retrieve } from './retrieve.js';

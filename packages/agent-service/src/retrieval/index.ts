/**
 * Retrieval: the passages a question is answered from and the sources they are cited as.
 * The lexical index's BM25 candidates (fused with the vector ranking by reciprocal rank
 * when `embeddings/` is configured), re-ranked by their best sentence and the shape of
 * answer the question asks for, bare lists of links lowered (`isBareList`), a page raised
 * by its next best section, and the option subsection the best passage's answering line
 * names put first; also a datastore's search in the hosted API's shape.
 */
export { searchDatastore } from './datastore-search.js';
export { headingNameOf } from './named-subsection.js';
export { type Passage, retrieve } from './retrieve.js';

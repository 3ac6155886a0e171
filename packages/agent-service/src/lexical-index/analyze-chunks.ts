/**
 * Chunk analysis, pure: a batch of chunks → the binary columns of their INSERT (tsvectors,
 * lengths, storable titles and texts) and the term statistics they add to their
 * datastores. The same in the calling thread and in the chunk-analysis thread.
 */
import {
  encodeIntegerArray,
  encodeTextArray,
  encodeTsvectorArray,
  type TsvectorLexemes,
} from '../store/binary-arrays.js';
import { storableText } from '../store/storable-text.js';
import { analyzeChunk } from './text-terms.js';

/** Chunks to analyse for one INSERT: their titles and texts, and their datastores. */
export interface ChunkAnalysisInput {
  titles: string[];
  contents: string[];
  /** Each chunk's datastore, as an index into the caller's list of datastores. */
  datastores: number[];
  /** How many datastores the caller's list has. */
  datastoreCount: number;
}

/** What one datastore's statistics gain from the analysed chunks. */
export interface DatastoreStatistics {
  chunks: number;
  /** Sum of the chunks' lengths in words (BM25's document lengths). */
  length: number;
  /** Each lexeme, and in how many of the chunks it occurs. */
  terms: string[];
  counts: number[];
}

/** The analysed chunks: the INSERT's columns that analysis makes, and the statistics. */
export interface ChunkAnalysis {
  /** `text[]`, `text[]`, `integer[]` and `tsvector[]` parameters (see `encodeTextArray`). */
  titles: Uint8Array;
  contents: Uint8Array;
  lengths: Uint8Array;
  tsvectors: Uint8Array;
  /** Per datastore of the caller's list. */
  statistics: DatastoreStatistics[];
}

/**
 * Analyses chunks for the lexical index (see `analyzeChunk`) into the binary columns of
 * their INSERT (titles and texts as Postgres can store them, see `storableText`), counting
 * each datastore's statistics. Pure: it runs in the calling thread or in the chunk-analysis
 * thread (see `chunk-analysis-pool.ts`) alike.
 */
export function analyzeChunks(input: ChunkAnalysisInput): ChunkAnalysis {
  const titles = input.titles.map(storableText);
  const contents = input.contents.map(storableText);
  const counts = Array.from({ length: input.datastoreCount }, () => new Map<string, number>());
  const totals = Array.from({ length: input.datastoreCount }, () => ({ chunks: 0, length: 0 }));
  const lengths: number[] = [];
  const vectors: TsvectorLexemes[] = [];
  for (let index = 0; index < contents.length; index += 1) {
    const analyzed = analyzeChunk(titles[index] as string, contents[index] as string);
    const datastore = input.datastores[index] as number;
    const total = totals[datastore] as { chunks: number; length: number };
    total.chunks += 1;
    total.length += analyzed.length;
    const terms = counts[datastore] as Map<string, number>;
    for (const lexeme of analyzed.lexemes.keys()) terms.set(lexeme, (terms.get(lexeme) ?? 0) + 1);
    lengths.push(analyzed.length);
    vectors.push(analyzed.lexemes);
  }
  return {
    titles: encodeTextArray(titles),
    contents: encodeTextArray(contents),
    lengths: encodeIntegerArray(lengths),
    tsvectors: encodeTsvectorArray(vectors),
    statistics: totals.map((total, datastore) => {
      const terms = counts[datastore] as Map<string, number>;
      return { ...total, terms: [...terms.keys()], counts: [...terms.values()] };
    }),
  };
}

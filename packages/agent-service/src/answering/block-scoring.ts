/**
 * How well each block of each passage matches a question: its share of the question's
 * words (rare words weigh more, a synonym counts as retrieval counts it, a table by its
 * best row) and of its code's constructs, times the passage's retrieval strength. The
 * choice of excerpts (`planExcerpts`) quotes the best blocks first.
 */
import {
  codeShapesOf,
  rarestShapes,
  SYNONYM_WEIGHT,
  synonymsOf,
  TITLE_SEPARATOR,
  termsOf,
} from '../lexical-index/index.js';
import type { Passage } from '../retrieval/index.js';
import { isCodeBlock, isTableBlock, tableRows } from './excerpt-trimming.js';
import { firstProseBlock } from './passage-blocks.js';

/** A block of a passage, scored against the question. */
export interface ScoredBlock {
  passageIndex: number;
  blockIndex: number;
  titleHits: number;
  /**
   * The block opens a section whose own heading (not its page's title) shares a question
   * word: its first sentence states what the heading names.
   */
  opensMatchingSection: boolean;
  /** The block's share of the question's weight (with its title's), 0..1. */
  relevance: number;
  /** `relevance` times the passage's retrieval strength: what candidates are ranked by. */
  score: number;
}

/**
 * The first block of a passage found by meaning alone, as the answer's primary: of its own
 * chunk, its blocks from `from` on (the section's chunks before it come first).
 */
export function meaningCandidate(blocks: readonly string[], from = 0): ScoredBlock | undefined {
  const found = firstProseBlock(blocks.slice(from));
  const blockIndex = found < 0 ? found : found + from;
  return blockIndex < 0
    ? undefined
    : {
        passageIndex: 0,
        blockIndex,
        titleHits: 0,
        opensMatchingSection: false,
        relevance: 1,
        score: 1,
      };
}

/**
 * How much a block (or title) with these terms holds a question term: 1 for the word
 * itself, {@link SYNONYM_WEIGHT} for a synonym only (`synonymsOf`), as retrieval counts it.
 */
function credit(terms: ReadonlySet<string>, term: string): number {
  if (terms.has(term)) return 1;
  return synonymsOf(term).some((other) => terms.has(other)) ? SYNONYM_WEIGHT : 0;
}

/** The question's weight a text's terms hold (`credit` for each weighted term). */
function weightOf(terms: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const [term, weight] of weights) total += weight * credit(terms, term);
  return total;
}

/**
 * What a table holds of the question: its best row's weight, with its header's words. A
 * reference table of dozens of options holds many of a question's words across its rows;
 * an answer quotes one or two of them (`bestPart`), so they are what it is scored by.
 */
function bestRowWeight(table: string, weights: ReadonlyMap<string, number>): number {
  const { head, rows } = tableRows(table);
  const header = termsOf(head);
  let best = 0;
  for (const row of rows) {
    const terms = termsOf(row);
    for (const term of header) terms.add(term);
    best = Math.max(best, weightOf(terms, weights));
  }
  return best;
}

/**
 * How much a shape of the question's code counts in a block (`codeShapesOf`), against a
 * word's 1. Measured on both documentation sites, a site with one page per config option
 * and PostgreSQL's manual (docs/benchmarks.md): at 0.5 the rule whose example is the
 * question's construct (`if (!a) a = b` for `if (!options) options = {};`) is quoted and
 * cited without moving any other answer's measure; at 0.75 and 1 a question's snippet
 * outweighs its words.
 */
const CODE_SHAPE_WEIGHT = 0.5;

/**
 * The weights of the shapes of the question's code that blocks hold, as retrieval searches
 * them (`rarestShapes`, rarest among the blocks), by the same inverse frequency as words,
 * at {@link CODE_SHAPE_WEIGHT}. Only shapes that hold a construct (`isConstructShape`): a
 * path's or a comment's shapes are in every other snippet.
 */
function shapeWeights(
  shapes: readonly string[],
  blockTerms: readonly ReadonlySet<string>[],
): Map<string, number> {
  const frequencies = new Map(
    shapes.map((shape) => [shape, blockTerms.filter((terms) => terms.has(shape)).length]),
  );
  const frequencyOf = (shape: string) => frequencies.get(shape) ?? 0;
  return new Map(
    rarestShapes(shapes, frequencyOf).map((shape) => [
      shape,
      CODE_SHAPE_WEIGHT * Math.log(1 + blockTerms.length / frequencyOf(shape)),
    ]),
  );
}

/**
 * Scores every block of every passage against the question's words and the shapes of its
 * code (`shapes`; see {@link planExcerpts}).
 */
export function scoreBlocks(
  terms: ReadonlySet<string>,
  shapes: readonly string[],
  passages: readonly Passage[],
  blocks: string[][],
): ScoredBlock[] {
  const titleTerms = passages.map((passage) => termsOf(passage.title));
  const blockTerms = blocks.map((list) =>
    list.map((block) => {
      const own = termsOf(block);
      if (shapes.length > 0) for (const shape of codeShapesOf(block)) own.add(shape);
      return own;
    }),
  );
  // Rare words say more about what is asked than common ones ("nginx" against "agent"):
  // weight each question term by its inverse frequency among the blocks (with titles).
  const all = blockTerms.flatMap((sets, index) =>
    sets.map((set) => ({ set, title: titleTerms[index] as Set<string> })),
  );
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = all.filter(
      ({ set, title }) => credit(set, term) + credit(title, term) > 0,
    ).length;
    if (frequency > 0) weights.set(term, Math.log(1 + all.length / frequency));
  }
  for (const [shape, weight] of shapeWeights(shapes, blockTerms.flat())) {
    weights.set(shape, weight);
  }
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  const candidates: ScoredBlock[] = [];
  if (totalWeight === 0) return candidates;
  const topScore = passages[0]?.score || 1;
  passages.forEach((passage, passageIndex) => {
    const title = titleTerms[passageIndex] as Set<string>;
    let titleWeight = 0;
    let titleHits = 0;
    for (const [term, weight] of weights) {
      const share = credit(title, term);
      if (share > 0) {
        titleWeight += weight * share;
        titleHits += 1;
      }
    }
    const separator = passage.title.lastIndexOf(TITLE_SEPARATOR);
    const heading = separator < 0 ? new Set<string>() : termsOf(passage.title.slice(separator));
    const headingMatches = [...weights.keys()].some((term) => heading.has(term));
    const opening = firstProseBlock(blocks[passageIndex] ?? []);
    blocks[passageIndex]?.forEach((block, blockIndex) => {
      const own = blockTerms[passageIndex]?.[blockIndex] as Set<string>;
      const ownWeight = isTableBlock(block)
        ? bestRowWeight(block, weights)
        : weightOf(own, weights);
      if (ownWeight === 0 && titleWeight === 0) return;
      // A block that only sits under a matching heading: the first ones explain it best.
      const position = ownWeight === 0 ? 1 - 0.08 * Math.min(blockIndex, 5) : 1;
      // Code blocks are pulled in by the paragraph that introduces them; alone they rank lower.
      const kind = isCodeBlock(block) ? 0.5 : 1;
      const relevance = ((ownWeight + titleWeight) / totalWeight) * position * kind;
      // Retrieval ranks passages well: its order weighs more than a block's own overlap.
      const score = relevance * (passage.score / topScore) ** 2;
      const opensMatchingSection = headingMatches && blockIndex === opening;
      candidates.push({
        passageIndex,
        blockIndex,
        titleHits,
        opensMatchingSection,
        relevance,
        score,
      });
    });
  });
  return candidates.sort((left, right) => right.score - left.score);
}

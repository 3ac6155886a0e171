import {
  codeShapesOf,
  isConstructShape,
  queryTerms,
  rarestShapes,
  SYNONYM_WEIGHT,
  synonymsOf,
  TITLE_SEPARATOR,
  termsOf,
  wordsOf,
} from '../lexical-index/index.js';
import { inlineCodeOf, markdownBlocks } from '../markdown/index.js';
import { headingNameOf, type Passage } from '../retrieval/index.js';
import { bestPart, isCodeBlock, isListBlock, isTableBlock, tableRows } from './excerpt-trimming.js';
import { withoutRepeats } from './repeated-sentences.js';
import { sentencesOf } from './sentences.js';

/** A piece of a passage quoted in an answer. */
export interface Excerpt {
  text: string;
  passage: Passage;
  passageIndex: number;
  blockIndex: number;
}

/**
 * The section a passage belongs to: its page (datasource) and title. The chunks of one long
 * section share it; an answer quotes them together and cites them once.
 */
export function sectionKeyOf(passage: Passage): string {
  return `${passage.datasourceId}\n${passage.title}`;
}

/** The excerpts an extractive answer quotes, in the order it quotes them. */
export interface ExtractivePlan {
  excerpts: Excerpt[];
}

interface Candidate {
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
 * A passage whose best block matches the question much less than the primary's best is
 * padding, not an answer: it is quoted only from this share of the primary's relevance.
 */
const WEAKER_EXCERPT_SHARE = 0.6;
/** Most datasources (pages, documents) one answer quotes and cites. */
const MAX_PASSAGES = 3;
/**
 * Another passage is quoted too when retrieval scores it at least this share of the
 * primary one: a close second is often the page that answers (measured on two real
 * documentation sites: the right page, when not first, scored 0.72–0.99 of the first).
 */
const SECONDARY_SHARE = 0.7;
/** Longest excerpt of a passage other than the primary one, in characters. */
const SECONDARY_CHARS = 300;
/** Another passage's excerpt is added only when at least this much room is left. */
const MIN_ROOM = 120;
/** How far past `maxChars` a quoted section's example may take the answer, in characters. */
const EXAMPLE_OVERFLOW = 200;

/** The words of each inline code span of a text (`"allowAfterThis": false` → 2 words). */
function codeNames(text: string): string[][] {
  return inlineCodeOf(text).map((code) => wordsOf(code));
}

/** Whether `words` starts with `phrase`. */
const startsWithWords = (words: readonly string[], phrase: readonly string[]) =>
  phrase.every((word, offset) => words[offset] === word);

/**
 * The quoted excerpt that names `passage`, a subsection, the way an options list names
 * each option's own subsection: an excerpt of its parent section (same page, title one
 * heading shorter) with an inline code span starting with the subsection's heading
 * (`"allowAfterThis": false` for `### allowAfterThis`). None when the subsection is quoted
 * already, or one of its siblings is (the answer is about that one).
 */
function namingExcerpt(passage: Passage, chosen: readonly Excerpt[]): Excerpt | undefined {
  const heading = headingNameOf(passage.title);
  if (!heading) return undefined;
  const parent = passage.title.slice(0, passage.title.lastIndexOf(TITLE_SEPARATOR));
  const onPage = chosen.filter((excerpt) => excerpt.passage.datasourceId === passage.datasourceId);
  if (onPage.some((excerpt) => excerpt.passage.title.startsWith(`${parent}${TITLE_SEPARATOR}`))) {
    return undefined;
  }
  return onPage.find(
    (excerpt) =>
      excerpt.passage.title === parent &&
      codeNames(excerpt.text).some((name) => startsWithWords(name, heading)),
  );
}

/** A passage's blocks (see `markdownBlocks`) as text, its headings written as Markdown again. */
function blocksOf(content: string): string[] {
  return Array.from(markdownBlocks(content), (block) =>
    block.kind === 'heading' ? `${'#'.repeat(block.level)} ${block.text}` : block.text,
  );
}

/** Whether a quoted block ends by introducing what follows it ("… the following:"). */
const introducesNext = (block: string) => block.trimEnd().endsWith(':');

/** Whether a block is a heading (`blocksOf` writes headings as Markdown again). */
const isHeading = (block: string) => /^#{1,6} /.test(block);

/** The index of a passage's first block that is not a heading (-1: none). */
const firstProseBlock = (blocks: readonly string[]) =>
  blocks.findIndex((block) => !isHeading(block));

/** The first block of a passage found by meaning alone, as the answer's primary. */
function meaningCandidate(blocks: readonly string[]): Candidate | undefined {
  const blockIndex = firstProseBlock(blocks);
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
function scoreBlocks(
  terms: ReadonlySet<string>,
  shapes: readonly string[],
  passages: readonly Passage[],
  blocks: string[][],
) {
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
  const candidates: Candidate[] = [];
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

/**
 * Chooses what an extractive answer quotes. The best passage (the section retrieval ranks
 * first, unless another's block matches the question clearly better) is the answer: quoted
 * whole when it fits in `maxChars`, else its blocks that share the question's words, best
 * first, each trimmed to what fits, put back in document order, with the code block a
 * quoted paragraph introduces (`…:`). Other passages add an excerpt only while room is
 * left and it scores at least {@link WEAKER_EXCERPT_SHARE} of the best (no padding); a
 * subsection among the passages that a quoted line names in code (`namingExcerpt`) adds
 * its best excerpt right after that line's section; a quoted section's example
 * (`Passage.example`) follows it while it fits; no sentence is quoted twice; a code block
 * is never cut.
 */
export function planExcerpts(
  query: string,
  passages: readonly Passage[],
  maxChars: number,
): ExtractivePlan {
  const terms = queryTerms(query);
  if (terms.size === 0 || passages.length === 0) return { excerpts: [] };
  const blocks = passages.map((passage) => blocksOf(passage.content));
  const candidates = scoreBlocks(
    terms,
    codeShapesOf(query).filter(isConstructShape),
    passages,
    blocks,
  );
  // Retrieval's best passage is the answer when its blocks share the question's words:
  // it ranks with more than the words (the follow-up's previous question, phrases,
  // the answering sentence). A passage found by meaning alone (embeddings) shares none.
  const first =
    candidates.find((candidate) => candidate.passageIndex === 0) ??
    (passages[0]?.byMeaning ? meaningCandidate(blocks[0] ?? []) : candidates[0]);
  if (!first) return { excerpts: [] };
  const chosen: Excerpt[] = [];
  const taken = new Set<string>();
  const seen = new Set<string>();
  let length = 0;
  const take = (passageIndex: number, blockIndex: number, text: string) => {
    const key = `${passageIndex}:${blockIndex}`;
    if (taken.has(key)) return false;
    const fresh = withoutRepeats(text, seen);
    taken.add(key);
    if (fresh === undefined) return false;
    chosen.push({
      text: fresh,
      passage: passages[passageIndex] as Passage,
      passageIndex,
      blockIndex,
    });
    length += fresh.length;
    return true;
  };
  const primary = first.passageIndex;
  const primaryBlocks = blocks[primary] ?? [];
  const primaryLength = primaryBlocks.reduce((sum, block) => sum + block.length, 0);
  const pullIntroduced = (
    passageIndex: number,
    blockIndex: number,
    block: string,
    limit: number,
  ) => {
    const next = blocks[passageIndex]?.[blockIndex + 1];
    // "… one of the following exit codes:" says nothing without the list or code it opens.
    const opened = next !== undefined && (isCodeBlock(next) || isListBlock(next));
    if (opened && next.length <= limit && introducesNext(block)) {
      take(passageIndex, blockIndex + 1, next);
    }
    const previous = blocks[passageIndex]?.[blockIndex - 1];
    if (previous && isCodeBlock(block) && introducesNext(previous)) {
      take(passageIndex, blockIndex - 1, bestPart(previous, terms, MIN_ROOM * 2, { titleHits: 0 }));
    }
  };
  if (primaryLength <= maxChars) {
    primaryBlocks.forEach((block, index) => {
      if (!isHeading(block)) take(primary, index, block);
    });
  } else {
    for (const candidate of candidates) {
      if (candidate.passageIndex !== primary) continue;
      const block = primaryBlocks[candidate.blockIndex] as string;
      const room = maxChars - length;
      if (chosen.length > 0 && (isCodeBlock(block) ? block.length > maxChars : room < MIN_ROOM)) {
        continue;
      }
      const text = bestPart(block, terms, Math.max(MIN_ROOM, room), candidate);
      if (take(primary, candidate.blockIndex, text)) {
        pullIntroduced(primary, candidate.blockIndex, block, maxChars);
      }
    }
  }
  // Other passages nearly as strong as the primary add their best excerpt each, short.
  const datasources = new Set([passages[primary]?.datasourceId]);
  const floor = (passages[primary]?.score ?? 0) * SECONDARY_SHARE;
  passages.forEach((passage, passageIndex) => {
    if (passageIndex === primary || passage.score < floor) return;
    if (!datasources.has(passage.datasourceId) && datasources.size >= MAX_PASSAGES) return;
    const best = candidates.find((candidate) => candidate.passageIndex === passageIndex);
    if (!best || best.relevance < first.relevance * WEAKER_EXCERPT_SHARE) return;
    const block = blocks[passageIndex]?.[best.blockIndex] as string;
    if (isCodeBlock(block) && block.length > SECONDARY_CHARS * 2) return;
    const text = bestPart(block, terms, SECONDARY_CHARS, best);
    if (!take(passageIndex, best.blockIndex, text)) return;
    datasources.add(passage.datasourceId);
    pullIntroduced(passageIndex, best.blockIndex, block, SECONDARY_CHARS * 2);
  });
  // A subsection that a quoted excerpt names in code, found by retrieval too: its best
  // excerpt, right after the section naming it (an option's details after its line).
  const namedBy = new Map<string, string>();
  passages.forEach((passage, passageIndex) => {
    const namer = namingExcerpt(passage, chosen);
    if (!namer) return;
    const best = candidates.find((candidate) => candidate.passageIndex === passageIndex);
    const blockIndex = best?.blockIndex ?? firstProseBlock(blocks[passageIndex] ?? []);
    const block = blocks[passageIndex]?.[blockIndex];
    if (block === undefined || (isCodeBlock(block) && block.length > SECONDARY_CHARS * 2)) return;
    const text = bestPart(block, terms, SECONDARY_CHARS, best ?? { titleHits: 0 });
    if (!take(passageIndex, blockIndex, text)) return;
    namedBy.set(sectionKeyOf(passage), sectionKeyOf(namer.passage));
    pullIntroduced(passageIndex, blockIndex, block, SECONDARY_CHARS * 2);
  });
  // A quoted section's example (a short code-only subsection) comes with it, after it.
  for (const passageIndex of new Set(chosen.map((excerpt) => excerpt.passageIndex))) {
    const example = passages[passageIndex]?.example;
    if (example === undefined || length + example.length > maxChars + EXAMPLE_OVERFLOW) continue;
    take(passageIndex, blocks[passageIndex]?.length ?? 0, example);
  }
  // Sections in order of their best excerpt (the pieces of one long section together);
  // inside a section, document order.
  const sectionOf = (passageIndex: number) => sectionKeyOf(passages[passageIndex] as Passage);
  const rank = new Map<string, number>([[sectionOf(primary), -1]]);
  for (const candidate of candidates) {
    const section = sectionOf(candidate.passageIndex);
    if (!rank.has(section)) rank.set(section, rank.size);
  }
  // A named subsection right after the section naming it: halfway to the next section's
  // rank (a subsection named by a named subsection, halfway again).
  for (const [section, namer] of namedBy) {
    const after = rank.get(namer) ?? rank.size;
    rank.set(section, (after + Math.floor(after) + 1) / 2);
  }
  chosen.sort(
    (left, right) =>
      (rank.get(sectionOf(left.passageIndex)) ?? 0) -
        (rank.get(sectionOf(right.passageIndex)) ?? 0) ||
      left.passage.position - right.passage.position ||
      left.blockIndex - right.blockIndex,
  );
  return { excerpts: withoutDanglingIntroductions(chosen, blocks) };
}

/** Whether a quoted block is only a file name or path (`src/index.ts`): a code block's caption. */
const isFileName = (text: string) => /^[`*]*[\w@~./-]*\w\.[A-Za-z]{1,8}[`*]*$/.test(text.trim());

/** A dangling introduction of at most this many words says nothing by itself: it is left out. */
const MAX_EMPTY_INTRODUCTION_WORDS = 15;

/**
 * The excerpts without a colon promising what is not quoted after them: an excerpt whose
 * last sentence introduces a block ("Examples of **correct** code for this rule:", "Those
 * style guides then also recommend:") that does not follow it — too long to quote, or not
 * chosen. A short such sentence is left out (an excerpt that was only that, too); a longer
 * one states something ("Route handlers … can access all variables … in a type-safe way:")
 * and ends with a full stop instead; a code block's caption (a file name) alone is left out.
 * An excerpt is followed by what it introduces when the next excerpt is its passage's next
 * block, or the first block of the section's next chunk.
 */
function withoutDanglingIntroductions(
  excerpts: readonly Excerpt[],
  blocks: readonly (readonly string[])[],
): Excerpt[] {
  return excerpts.flatMap((excerpt, index) => {
    const next = excerpts[index + 1];
    const followed =
      next !== undefined &&
      ((next.passageIndex === excerpt.passageIndex && next.blockIndex === excerpt.blockIndex + 1) ||
        (sectionKeyOf(next.passage) === sectionKeyOf(excerpt.passage) &&
          next.passage.position === excerpt.passage.position + 1 &&
          next.blockIndex === firstProseBlock(blocks[next.passageIndex] ?? [])));
    if (followed || isCodeBlock(excerpt.text)) return [excerpt];
    // A code block's caption (its file name) says nothing without the code.
    if (isFileName(excerpt.text)) return [];
    if (!introducesNext(excerpt.text)) return [excerpt];
    const sentences = sentencesOf(excerpt.text);
    const last = (sentences.at(-1) ?? '').trimEnd();
    const kept =
      wordsOf(last).length <= MAX_EMPTY_INTRODUCTION_WORDS
        ? sentences.slice(0, -1).join('')
        : `${sentences.slice(0, -1).join('')}${last.slice(0, -1)}.`;
    const text = kept.trim();
    return text ? [{ ...excerpt, text }] : [];
  });
}

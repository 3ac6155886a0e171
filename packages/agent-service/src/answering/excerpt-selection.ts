/**
 * Chooses what an extractive answer quotes (`planExcerpts`): the primary passage's best
 * blocks, a close second passage's best excerpt, a subsection a quoted line names, a quoted
 * section's example, in the order an answer reads them. Blocks are scored in
 * `block-scoring.ts`, trimmed in `excerpt-trimming.ts`, cut from `passage-blocks.ts`.
 */
import {
  codeShapesOf,
  isConstructShape,
  queryTerms,
  TITLE_SEPARATOR,
  termsOf,
  wordsOf,
} from '../lexical-index/index.js';
import { inlineCodeOf } from '../markdown/index.js';
import { headingNameOf, type Passage } from '../retrieval/index.js';
import { meaningCandidate, type ScoredBlock, scoreBlocks } from './block-scoring.js';
import { continuesPrevious } from './continuations.js';
import { withoutDanglingIntroductions } from './dangling-introductions.js';
import { bestPart, isCodeBlock, isListBlock, isTableBlock } from './excerpt-trimming.js';
import {
  type Excerpt,
  firstProseBlock,
  introducesNext,
  isHeading,
  sectionKeyOf,
} from './passage-blocks.js';
import { withoutRepeats } from './repeated-sentences.js';
import { quotableBlocks, sectionBlocksOf } from './section-blocks.js';
import { sentencesOf } from './sentences.js';

/** The excerpts an extractive answer quotes, in the order it quotes them. */
export interface ExtractivePlan {
  excerpts: Excerpt[];
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
/**
 * Room of a passage other than the primary one, in characters: its best blocks fill it,
 * best first. Chosen leave-one-site-out on five documentation sites (docs/benchmarks.md,
 * issue 50): each site's best among 300–600 on the other four was 600.
 */
const SECONDARY_CHARS = 600;
/** Another passage's excerpt is added only when at least this much room is left. */
const MIN_ROOM = 120;
/**
 * Longest paragraph quoted because it continues a quoted one (`continuesPrevious`), in
 * characters. Chosen leave-one-site-out on five documentation sites (docs/benchmarks.md,
 * issue 50): 150 to 600 gave the same answers' measures on each, 100 lost one.
 */
const CONTINUATION_CHARS = 200;
/** How far past `maxChars` a quoted section's example may take the answer, in characters. */
const EXAMPLE_OVERFLOW = 200;

/** A paragraph: neither a heading, a code block, a list nor a table. */
const isParagraph = (block: string) =>
  !isHeading(block) && !isCodeBlock(block) && !isListBlock(block) && !isTableBlock(block);

/** The last sentence of a paragraph, without the whitespace after it. */
const lastSentenceOf = (text: string) => (sentencesOf(text).at(-1) ?? '').trimEnd();

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

/**
 * An API entry's parameter list in its heading (`add_url_rule(rule, endpoint=None, …)`): an
 * opening parenthesis right after a name, to the end. The entry is named by what comes
 * before it; a parenthesis after a space (`Server Side Cursors (a.k.a. stream results)`) is
 * part of the heading.
 */
const PARAMETER_LIST = /(?<=\w)\(.*$/s;

/**
 * The terms of a section's own heading (the last part of its title, `Page › … › Heading`),
 * an API entry's parameter list aside; none for a page's intro (no heading of its own).
 */
function ownHeadingTerms(title: string): Set<string> {
  const separator = title.lastIndexOf(TITLE_SEPARATOR);
  if (separator < 0) return new Set();
  return termsOf(title.slice(separator + TITLE_SEPARATOR.length).replace(PARAMETER_LIST, ''));
}

/**
 * Within each page, puts the sections whose own heading names a word of the question
 * (`ownHeadingTerms`) first, in the places the page's sections hold: a reader sees first the
 * section headed by what was asked ("Exit Status" for "What do its exit codes mean?"). The
 * sections are otherwise in order of their best excerpt, which a neighbouring section sharing
 * more of the question's words wins, while the section headed by what was asked often states
 * the answer in other words (`0` … `3`, "returns"). The pages keep their places, so the pages
 * among the first sources do not change; the primary section stays first. A subsection that
 * another section's line names (`namedBy`, placed right after it later) counts for its namer.
 * Only the order changes, never what is quoted. No weight (docs/benchmarks.md, issue 50,
 * "the right page's section").
 */
function headedByTheQuestionFirst(
  chosen: readonly Excerpt[],
  terms: ReadonlySet<string>,
  primarySection: string,
  sectionOf: (passageIndex: number) => string,
  rank: Map<string, number>,
  namedBy: ReadonlyMap<string, string>,
): void {
  const pageOf = new Map<string, string>();
  const headed = new Set<string>();
  for (const { passage, passageIndex } of chosen) {
    let section = sectionOf(passageIndex);
    pageOf.set(section, passage.datasourceId);
    const heading = ownHeadingTerms(passage.title);
    if (![...terms].some((term) => heading.has(term))) continue;
    for (let namer = namedBy.get(section); namer !== undefined; namer = namedBy.get(section)) {
      section = namer;
    }
    headed.add(section);
  }
  const byPage = new Map<string, string[]>();
  for (const [section, page] of pageOf) {
    if (section === primarySection || namedBy.has(section)) continue;
    byPage.set(page, [...(byPage.get(page) ?? []), section]);
  }
  const rankOf = (section: string) => rank.get(section) ?? 0;
  for (const sections of byPage.values()) {
    const places = sections.map(rankOf).sort((left, right) => left - right);
    const order = [...sections].sort(
      (left, right) =>
        Number(headed.has(right)) - Number(headed.has(left)) || rankOf(left) - rankOf(right),
    );
    order.forEach((section, index) => {
      rank.set(section, places[index] as number);
    });
  }
}

/**
 * Moves the best section of a page that the answer's first two sections are not from up to
 * third, when it is further down: the third source a reader sees is then another page, when
 * the answer quotes one. The sections are in order of their best excerpt, so a page's second
 * section could come before another page's best and push that page to fourth, where a reader
 * scanning the sources misses it (three of the five development sets' questions gain their
 * page among the first three sources, one loses a section: docs/benchmarks.md, issue 50).
 * Only the order changes, never what is quoted. A subsection named by the section before it
 * stays right after it; one the moved section names moves with it.
 */
function thirdFromAnotherPage(
  chosen: readonly Excerpt[],
  sectionOf: (passageIndex: number) => string,
  rank: Map<string, number>,
  namedBy: ReadonlyMap<string, string>,
): void {
  const pageOf = new Map(
    chosen.map((excerpt) => [sectionOf(excerpt.passageIndex), excerpt.passage.datasourceId]),
  );
  const sections = [...pageOf.keys()].sort(
    (left, right) => (rank.get(left) ?? 0) - (rank.get(right) ?? 0),
  );
  const third = sections[2];
  if (third === undefined || namedBy.has(third)) return;
  const firstPages = new Set(sections.slice(0, 2).map((section) => pageOf.get(section)));
  const moved = sections
    .slice(2)
    .find((section) => !firstPages.has(pageOf.get(section)) && !namedBy.has(section));
  if (moved === undefined || moved === third) return;
  // Halfway between the second and the third; what the moved section names, halfway again.
  const before = rank.get(sections[1] as string) ?? 0;
  const after = rank.get(third) ?? 0;
  const at = (before + after) / 2;
  rank.set(moved, at);
  for (const [section, namer] of namedBy) if (namer === moved) rank.set(section, (at + after) / 2);
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
 * (`Passage.example`) follows it while it fits; a page's sections headed by a question word
 * are cited first among that page's (`headedByTheQuestionFirst`); no sentence is quoted
 * twice; a code block is never cut.
 */
export function planExcerpts(
  query: string,
  passages: readonly Passage[],
  maxChars: number,
): ExtractivePlan {
  const terms = queryTerms(query);
  if (terms.size === 0 || passages.length === 0) return { excerpts: [] };
  // The best passage's section around it, when retrieval read it (`Passage.section`): the
  // sentence that answers may be in the section's next chunk, which retrieval did not rank.
  const parts = passages.map(sectionBlocksOf);
  const blocks = parts.map((part) => part.blocks);
  const quotable = quotableBlocks(passages, parts, terms);
  const candidates = scoreBlocks(
    terms,
    codeShapesOf(query).filter(isConstructShape),
    passages,
    blocks,
  ).filter((candidate) => quotable(candidate.passageIndex, candidate.blockIndex));
  // Retrieval's best passage is the answer when its blocks share the question's words:
  // it ranks with more than the words (the follow-up's previous question, phrases,
  // the answering sentence). A passage found by meaning alone (embeddings) shares none.
  const first =
    candidates.find((candidate) => candidate.passageIndex === 0) ??
    (passages[0]?.byMeaning ? meaningCandidate(blocks[0] ?? [], parts[0]?.own[0]) : candidates[0]);
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
  // Its own chunk is quoted whole when it fits; the section's other chunks only by excerpt.
  const [ownStart, ownEnd] = parts[primary]?.own ?? [0, primaryBlocks.length];
  const primaryLength = primaryBlocks
    .slice(ownStart, ownEnd)
    .reduce((sum, block) => sum + block.length, 0);
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
      if (!isHeading(block) && index >= ownStart && index < ownEnd) take(primary, index, block);
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
  // Other passages nearly as strong as the primary add their best excerpts each, short:
  // their best block, then their next best prose blocks while their room lasts. A long
  // reference entry's answer is often not its first paragraph but a note, a default or a
  // "changed in" paragraph further down; its best block alone quoted the summary.
  const datasources = new Set([passages[primary]?.datasourceId]);
  const floor = (passages[primary]?.score ?? 0) * SECONDARY_SHARE;
  const strongEnough = (candidate: ScoredBlock) =>
    candidate.relevance >= first.relevance * WEAKER_EXCERPT_SHARE;
  passages.forEach((passage, passageIndex) => {
    if (passageIndex === primary || passage.score < floor) return;
    if (!datasources.has(passage.datasourceId) && datasources.size >= MAX_PASSAGES) return;
    const own = candidates.filter((candidate) => candidate.passageIndex === passageIndex);
    const best = own[0];
    if (!best || !strongEnough(best)) return;
    const block = blocks[passageIndex]?.[best.blockIndex] as string;
    if (isCodeBlock(block) && block.length > SECONDARY_CHARS * 2) return;
    const text = bestPart(block, terms, SECONDARY_CHARS, best);
    if (!take(passageIndex, best.blockIndex, text)) return;
    datasources.add(passage.datasourceId);
    pullIntroduced(passageIndex, best.blockIndex, block, SECONDARY_CHARS * 2);
    let used = text.length;
    for (const candidate of own.slice(1)) {
      const room = SECONDARY_CHARS - used;
      if (room < MIN_ROOM) break;
      const other = blocks[passageIndex]?.[candidate.blockIndex] as string;
      if (!strongEnough(candidate) || isCodeBlock(other) || isHeading(other)) continue;
      const part = bestPart(other, terms, room, candidate);
      if (take(passageIndex, candidate.blockIndex, part)) used += part.length;
    }
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
  // A short paragraph that continues a quoted block ("To prevent this, …", "This example
  // uses …") comes with it, past the answer's room: it often states the answer in words
  // the question does not use. After a paragraph, across its unquoted code example too.
  for (const excerpt of [...chosen]) {
    const own = blocks[excerpt.passageIndex] ?? [];
    const block = own[excerpt.blockIndex];
    if (block === undefined) continue;
    const code = isCodeBlock(block);
    // A trimmed paragraph's last sentence, which the next one would continue, is not quoted.
    if (!code && !excerpt.text.trimEnd().endsWith(lastSentenceOf(block))) continue;
    let nextIndex = excerpt.blockIndex + 1;
    if (!code && isCodeBlock(own[nextIndex] ?? '')) nextIndex += 1;
    const next = own[nextIndex];
    if (next === undefined || next.length > CONTINUATION_CHARS || !isParagraph(next)) continue;
    if (continuesPrevious(next)) take(excerpt.passageIndex, nextIndex, next);
  }
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
  headedByTheQuestionFirst(chosen, terms, sectionOf(primary), sectionOf, rank, namedBy);
  // A named subsection right after the section naming it: halfway to the next section's
  // rank (a subsection named by a named subsection, halfway again).
  for (const [section, namer] of namedBy) {
    const after = rank.get(namer) ?? rank.size;
    rank.set(section, (after + Math.floor(after) + 1) / 2);
  }
  thirdFromAnotherPage(chosen, sectionOf, rank, namedBy);
  chosen.sort(
    (left, right) =>
      (rank.get(sectionOf(left.passageIndex)) ?? 0) -
        (rank.get(sectionOf(right.passageIndex)) ?? 0) ||
      left.passage.position - right.passage.position ||
      left.blockIndex - right.blockIndex,
  );
  return { excerpts: withoutDanglingIntroductions(chosen, blocks) };
}

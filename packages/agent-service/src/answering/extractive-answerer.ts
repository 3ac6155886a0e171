import { setTimeout as sleep } from 'node:timers/promises';
import { queryTerms, termsOf } from '../lexical-index/index.js';
import { markdownBlocks } from '../markdown/index.js';
import type { Passage } from '../retrieval/index.js';
import type { Answerer, AnswerInput } from './answerer.js';

/** Options of {@link createExtractiveAnswerer}. */
export interface ExtractiveAnswererOptions {
  /** Pause between streamed fragments, ms (a typing effect for demos). Default 0. */
  fragmentDelayMs?: number;
  /** Longest answer body (without the lead-in and citations), in characters. Default 400. */
  maxAnswerChars?: number;
}

/** What the answerer says when the documents hold nothing relevant. */
export const NOTHING_FOUND_ANSWER =
  'I could not find anything about that in the documents I have access to. ' +
  'Try rephrasing your question, or ask about a topic the documentation covers.';

interface Candidate {
  passageIndex: number;
  titleHits: number;
  blockIndex: number;
  text: string;
  score: number;
}

/** A passage's blocks (see `markdownBlocks`) as text, its headings written as Markdown again. */
function blocksOf(content: string): string[] {
  return Array.from(markdownBlocks(content), (block) =>
    block.kind === 'heading' ? `${'#'.repeat(block.level)} ${block.text}` : block.text,
  );
}

const isCode = (block: string) => /^\s*(```|~~~)/.test(block);

const listItemPattern = /^\s*([-*+]|\d+[.)])\s+/;

function shorten(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars).replace(/\s+\S*$/, '')}…`;
}

function hits(text: string, terms: Set<string>): number {
  let count = 0;
  for (const term of termsOf(text)) if (terms.has(term)) count += 1;
  return count;
}

/**
 * Trims a block to what answers: of a long list, the items matching the most question
 * terms (plus the line introducing the list); of long prose, the sentences that mention
 * a term. `titleHits`: question terms found in the passage's title.
 */
function bestSentences(
  block: string,
  terms: Set<string>,
  maxChars: number,
  titleHits: number,
): string {
  if (isCode(block)) return block;
  const lines = block.split('\n');
  const items = lines.filter((line) => listItemPattern.test(line));
  if (items.length >= 2 && (block.length > 400 || block.length > maxChars)) {
    const best = Math.max(...items.map((line) => hits(line, terms)));
    // Under a heading that already matches the question the whole list is the answer,
    // unless one item matches more specifically.
    if (best >= 2 || (best > 0 && titleHits === 0)) {
      const kept = lines.filter((line, index) =>
        listItemPattern.test(line) ? hits(line, terms) >= best : index === 0,
      );
      return shorten(kept.join('\n'), maxChars);
    }
    // A list under a heading that matches is the answer: its first items, whole, in a
    // little over the budget, rather than one option of many.
    if (titleHits > 0) {
      const kept: string[] = [];
      let length = 0;
      for (const line of lines) {
        if (kept.length > 0 && length + line.length > maxChars * 1.5) {
          kept.push('…');
          break;
        }
        kept.push(line);
        length += line.length + 1;
      }
      return kept.join('\n');
    }
  }
  if (block.length <= maxChars) return block;
  // Long prose: the sentences sharing the most words with the question, as many as fit,
  // back in document order.
  const sentences = block.match(/[^.!?]+[.!?]+(\s+|$)|[^.!?]+$/g) ?? [block];
  const ranked = sentences
    .map((sentence, index) => ({ sentence, index, hits: hits(sentence, terms) }))
    .filter((entry) => entry.hits > 0)
    .sort((left, right) => right.hits - left.hits || left.index - right.index);
  const kept: typeof ranked = [];
  let length = 0;
  for (const entry of ranked) {
    if (kept.length > 0 && length + entry.sentence.length > maxChars) continue;
    kept.push(entry);
    length += entry.sentence.length;
  }
  kept.sort((left, right) => left.index - right.index);
  const text = (kept.length > 0 ? kept.map((entry) => entry.sentence) : sentences).join('');
  return shorten(text.trim(), maxChars);
}

/**
 * Picks the blocks (paragraphs, list items, code blocks) of the retrieved passages that
 * share the most words with the question, keeps a code block that a chosen paragraph
 * introduces (`…:`), and puts them back in document order.
 */
function selectExcerpts(
  query: string,
  passages: readonly Passage[],
  maxChars = 400,
): { excerpts: { text: string; passage: Passage }[]; used: Passage[] } {
  const terms = queryTerms(query);
  if (terms.size === 0 || passages.length === 0) return { excerpts: [], used: [] };
  const topScore = passages[0]?.score || 1;
  const candidates: Candidate[] = [];
  const blocksByPassage = passages.map((passage) => blocksOf(passage.content));
  const titleTermsByPassage = passages.map((passage) => termsOf(passage.title));
  const blockTerms = blocksByPassage.map((blocks) => blocks.map((block) => termsOf(block)));
  // Rare words say more about what is asked than common ones ("nginx" against "agent"):
  // weight each question term by its inverse frequency among the blocks (with titles).
  const allBlocks = blockTerms.flatMap((sets, passageIndex) =>
    sets.map((set) => ({ set, title: titleTermsByPassage[passageIndex] as Set<string> })),
  );
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = allBlocks.filter(({ set, title }) => set.has(term) || title.has(term)).length;
    if (frequency > 0) weights.set(term, Math.log(1 + allBlocks.length / frequency));
  }
  const totalWeight = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
  if (totalWeight === 0) return { excerpts: [], used: [] };
  passages.forEach((passage, passageIndex) => {
    const titleTerms = titleTermsByPassage[passageIndex] as Set<string>;
    let titleWeight = 0;
    let titleHits = 0;
    for (const [term, weight] of weights) {
      if (titleTerms.has(term)) {
        titleWeight += weight;
        titleHits += 1;
      }
    }
    blocksByPassage[passageIndex]?.forEach((block, blockIndex) => {
      const own = blockTerms[passageIndex]?.[blockIndex] as Set<string>;
      let ownWeight = 0;
      for (const [term, weight] of weights) if (own.has(term)) ownWeight += weight;
      if (ownWeight === 0 && titleWeight === 0) return;
      // A block that only sits under a matching heading: the first ones explain it best.
      const position = ownWeight === 0 ? 1 - 0.08 * Math.min(blockIndex, 5) : 1;
      // Code blocks are pulled in by the paragraph that introduces them; alone they rank lower.
      const kind = isCode(block) ? 0.5 : 1;
      const relevance = ((ownWeight + titleWeight) / totalWeight) * position * kind;
      candidates.push({
        passageIndex,
        titleHits,
        blockIndex,
        text: block,
        // Retrieval ranks passages well: its order weighs more than a block's own overlap.
        score: relevance * (passage.score / topScore) ** 2,
      });
    });
  });
  candidates.sort((left, right) => right.score - left.score);
  const chosen: Candidate[] = [];
  let length = 0;
  const taken = new Set<string>();
  const take = (candidate: Candidate) => {
    const key = `${candidate.passageIndex}:${candidate.blockIndex}`;
    if (taken.has(key)) return;
    taken.add(key);
    chosen.push(candidate);
    length += candidate.text.length;
  };
  for (const candidate of candidates) {
    if (chosen.length >= 4 || length >= maxChars) break;
    // Another excerpt only when a useful part of it still fits.
    if (chosen.length > 0 && maxChars - length < 80 && !isCode(candidate.text)) continue;
    if (candidate.score < (chosen[0]?.score ?? 0) * 0.6) break;
    const text = bestSentences(
      candidate.text,
      terms,
      Math.max(80, maxChars - length),
      candidate.titleHits,
    );
    take({ ...candidate, text });
    const next = blocksByPassage[candidate.passageIndex]?.[candidate.blockIndex + 1];
    if (next && isCode(next) && candidate.text.trimEnd().endsWith(':')) {
      take({ ...candidate, blockIndex: candidate.blockIndex + 1, text: next });
    }
    const previous = blocksByPassage[candidate.passageIndex]?.[candidate.blockIndex - 1];
    if (previous && isCode(candidate.text) && previous.trimEnd().endsWith(':')) {
      take({ ...candidate, blockIndex: candidate.blockIndex - 1, text: previous });
    }
  }
  // Passages in order of their best excerpt; inside a passage, document order.
  const passageRank = new Map<number, number>();
  for (const candidate of chosen) {
    passageRank.set(
      candidate.passageIndex,
      Math.max(passageRank.get(candidate.passageIndex) ?? 0, candidate.score),
    );
  }
  chosen.sort(
    (left, right) =>
      (passageRank.get(right.passageIndex) ?? 0) - (passageRank.get(left.passageIndex) ?? 0) ||
      left.passageIndex - right.passageIndex ||
      left.blockIndex - right.blockIndex,
  );
  const usedIndexes = [...new Set(chosen.map((candidate) => candidate.passageIndex))];
  return {
    excerpts: chosen.map((candidate) => ({
      text: candidate.text,
      passage: passages[candidate.passageIndex] as Passage,
    })),
    used: usedIndexes.map((index) => passages[index]).filter((p): p is Passage => !!p),
  };
}

function leadIn(used: readonly Passage[]): string {
  const titles = [...new Set(used.map((passage) => passage.title))];
  if (titles.length === 1) return `According to “${titles[0]}”:`;
  const names = [...new Set(used.map((passage) => passage.datasourceName))];
  return names.length === 1
    ? `Here is what “${names[0]}” says:`
    : `Here is what I found in ${names
        .map((name) => `“${name}”`)
        .join(', ')
        .replace(/, (?=[^,]*$)/, ' and ')}:`;
}

/**
 * Builds the whole extractive answer for a question and its passages: a lead-in naming
 * the document, then the best few sentences (about `maxChars` characters), each excerpt
 * followed by its citation `[n]`, where n is the position of the excerpt's datasource
 * among the passages' datasources — the order of the response's `sources`. A citation
 * goes on its own line after a code block, so the block stays intact.
 */
export function composeExtractiveAnswer(
  query: string,
  passages: readonly Passage[],
  maxChars = 400,
): string {
  const { excerpts, used } = selectExcerpts(query, passages, maxChars);
  if (excerpts.length === 0) return NOTHING_FOUND_ANSWER;
  const datasources = [...new Set(passages.map((passage) => passage.datasourceId))];
  // One citation after each run of excerpts from the same datasource.
  const cited = excerpts.map(({ text, passage }, index) => {
    if (excerpts[index + 1]?.passage.datasourceId === passage.datasourceId) return text;
    const citation = `[${datasources.indexOf(passage.datasourceId) + 1}]`;
    return isCode(text) ? `${text}\n${citation}` : `${text} ${citation}`;
  });
  return `${leadIn(used)}\n\n${cited.join('\n\n')}`;
}

/** Splits text into word-sized fragments (each word with the whitespace after it). */
export function toFragments(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/**
 * Creates the default answerer: no model, no network. It answers with the passages'
 * sentences and code blocks that best match the question, under a short lead-in naming
 * the document, and says plainly when nothing relevant was found. The answer streams one
 * word at a time.
 */
export function createExtractiveAnswerer(options: ExtractiveAnswererOptions = {}): Answerer {
  const delay = options.fragmentDelayMs ?? 0;
  return {
    async *answer(input: AnswerInput) {
      const answer = composeExtractiveAnswer(input.query, input.passages, options.maxAnswerChars);
      for (const fragment of toFragments(answer)) {
        if (input.signal.aborted) return;
        if (delay > 0) {
          try {
            await sleep(delay, undefined, { signal: input.signal });
          } catch {
            return;
          }
        }
        yield fragment;
      }
    },
  };
}

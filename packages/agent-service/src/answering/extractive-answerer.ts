import { setTimeout as sleep } from 'node:timers/promises';
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import type { Answerer, AnswerInput } from './answerer.js';
import { declineAnswer } from './decline.js';
import { type ExtractivePlan, planExcerpts } from './excerpt-selection.js';
import { isCodeBlock, isTableBlock } from './excerpt-trimming.js';
import { sectionKeyOf } from './passage-blocks.js';

/** Options of {@link createExtractiveAnswerer}. */
export interface ExtractiveAnswererOptions {
  /** Pause between streamed fragments, ms (a typing effect for demos). Default 0. */
  fragmentDelayMs?: number;
  /**
   * Longest answer body (without the lead-in and citations), in characters. A code block
   * that answers is quoted whole even past it. Default 900.
   */
  maxAnswerChars?: number;
}

/** The answer's text and what its citations `[n]` stand for. */
export interface ExtractiveAnswer {
  text: string;
  /** `[n]` cites `passages[citations[n - 1]]` (one per section quoted, in order of first citation). */
  citations: number[];
}

/**
 * How an answer names a section it quotes: by its own heading (the last part of its title,
 * `Page › … › Heading`), after its page's title when the answer quotes several pages (two
 * pages may both have a "Rule Details"). A page's intro is named by the page's title.
 */
function sectionLabel(title: string, pages: number): string {
  const parts = title.split(TITLE_SEPARATOR);
  const heading = parts.at(-1) as string;
  return pages > 1 && parts.length > 1 ? `${parts[0]}${TITLE_SEPARATOR}${heading}` : heading;
}

function leadIn(plan: ExtractivePlan): string {
  const titles = [...new Set(plan.excerpts.map((excerpt) => excerpt.passage.title))];
  if (titles.length === 1) return `According to “${titles[0]}”:`;
  const names = [...new Set(plan.excerpts.map((excerpt) => excerpt.passage.datasourceName))];
  return names.length === 1
    ? `Here is what “${names[0]}” says:`
    : `Here is what I found in ${names
        .map((name) => `“${name}”`)
        .join(', ')
        .replace(/, (?=[^,]*$)/, ' and ')}:`;
}

/**
 * Builds the whole extractive answer for a question and its passages: a lead-in naming
 * the section or document, then the excerpts that answer (`planExcerpts`), each run of
 * excerpts from one section followed by its citation `[n]` (a long section's chunks are one
 * section), numbered in order of first citation, so the response lists exactly the sources
 * cited, each once. A citation goes on its own line after a code block, so the block stays
 * intact. With nothing relevant, the decline sentence and no citations.
 */
export function composeExtractiveAnswer(
  query: string,
  passages: AnswerInput['passages'],
  options: { maxChars?: number; handoffEnabled?: boolean } = {},
): ExtractiveAnswer {
  const plan = planExcerpts(query, passages, options.maxChars ?? 900);
  if (plan.excerpts.length === 0) {
    return {
      text: declineAnswer({ handoffEnabled: options.handoffEnabled, question: query }),
      citations: [],
    };
  }
  const citations: number[] = [];
  const numberOf = new Map<string, number>();
  // Each run of excerpts from one section is cited as that section (its page#heading), so
  // a quote from a page's intro and one from its "Options" link to where each stands; the
  // chunks of one long section are one section, cited once.
  const sectionOf = (excerpt: ExtractivePlan['excerpts'][number] | undefined) =>
    excerpt && sectionKeyOf(excerpt.passage);
  let runStart = 0;
  // An answer from several sections names each where its excerpts start.
  const labelled = new Set(plan.excerpts.map(sectionOf)).size > 1;
  const pages = new Set(plan.excerpts.map((excerpt) => excerpt.passage.datasourceId)).size;
  const parts = plan.excerpts.map((excerpt, index) => {
    let { text } = excerpt;
    const section = sectionOf(excerpt) as string;
    if (sectionOf(plan.excerpts[index - 1]) !== section) {
      runStart = excerpt.passageIndex;
      if (labelled) text = `**${sectionLabel(excerpt.passage.title, pages)}**\n\n${text}`;
    }
    if (sectionOf(plan.excerpts[index + 1]) === section) return text;
    let number = numberOf.get(section);
    if (number === undefined) {
      citations.push(runStart);
      number = citations.length;
      numberOf.set(section, number);
    }
    // After a code block, on its own line: "``` [1]" would not close the block. After a
    // table, a paragraph of its own: a line right after a table is one more row.
    if (isCodeBlock(excerpt.text)) return `${text}\n[${number}]`;
    return isTableBlock(excerpt.text) ? `${text}\n\n[${number}]` : `${text} [${number}]`;
  });
  return { text: `${leadIn(plan)}\n\n${parts.join('\n\n')}`, citations };
}

/** Splits text into word-sized fragments (each word with the whitespace after it). */
export function toFragments(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/**
 * Creates the default answerer: no model, no network. It answers with the passages'
 * sentences and code blocks that best match the question, under a short lead-in naming
 * the section, cites only what it quotes, and says plainly (in one sentence, with no
 * sources) when nothing relevant was found. The answer streams one word at a time.
 */
export function createExtractiveAnswerer(options: ExtractiveAnswererOptions = {}): Answerer {
  const delay = options.fragmentDelayMs ?? 0;
  return {
    async *answer(input: AnswerInput) {
      const answer = composeExtractiveAnswer(input.query, input.passages, {
        ...(options.maxAnswerChars === undefined ? {} : { maxChars: options.maxAnswerChars }),
        handoffEnabled: input.handoffEnabled === true,
      });
      yield { citations: answer.citations };
      for (const fragment of toFragments(answer.text)) {
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

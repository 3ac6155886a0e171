import { leavesCodeBlockOpen } from './eval-code-fences.js';
import { isDecline, isRefusal } from './eval-decline.js';
import { normalizeEvalText } from './eval-normalize-text.js';
import type { EvalQuestion } from './eval-questions.js';
import { type CitedSource, isSamePage, isSameSection } from './eval-source-match.js';

/** What an evaluation needs of a query's reply. */
export interface EvalReply {
  answer: string;
  sources: readonly CitedSource[];
}

/** How one reply scored. `undefined`: the measure does not apply to the question. */
export interface QuestionScore {
  /** The expected page is the first cited source (answerable questions). */
  source1?: boolean;
  /** The expected page is among the first three cited sources. */
  source3?: boolean;
  /** One of the first three cited sources is `page#heading` (questions with a heading). */
  section3?: boolean;
  /** The answer holds every key phrase (questions with phrases). */
  phrase?: boolean;
  /** Key phrases the answer lacks. */
  missingPhrases: string[];
  /** An unanswerable question was declined (no sources, "I don't know"). */
  declined?: boolean;
  /** An answerable question was refused (no sources, or "I don't know"). */
  refused?: boolean;
  /** Answerable: source@3 and every phrase; unanswerable: declined. */
  correct: boolean;
  /** The answer leaves a fenced code block open (`leavesCodeBlockOpen`): unreadable past it. */
  codeBlockLeftOpen: boolean;
}

const TOP = 3;

/**
 * Scores a reply to a question. Answerable (`page` set): source@1 / source@3 by page
 * ({@link isSamePage}), section@3 when a heading is given ({@link isSameSection}: the heading
 * or one of the question's `sectionIds`, the ids inside its section), phrase
 * when phrases are given (each phrase, normalised by {@link normalizeEvalText}, occurs in
 * the normalised answer), refused ({@link isRefusal}). Unanswerable: declined
 * ({@link isDecline}). Every reply: whether it leaves a code block open.
 */
export function scoreReply(question: EvalQuestion, reply: EvalReply): QuestionScore {
  const { page } = question;
  const codeBlockLeftOpen = leavesCodeBlockOpen(reply.answer);
  if (page === null) {
    const declined = isDecline(reply);
    return { declined, missingPhrases: [], correct: declined, codeBlockLeftOpen };
  }
  const top = reply.sources.slice(0, TOP);
  const answer = normalizeEvalText(reply.answer);
  const missingPhrases = question.phrases.filter(
    (phrase) => !answer.includes(normalizeEvalText(phrase)),
  );
  const source3 = top.some((source) => isSamePage(page, source));
  const heading = question.heading ?? null;
  const phrase = question.phrases.length > 0 ? missingPhrases.length === 0 : undefined;
  return {
    source1: reply.sources[0] !== undefined && isSamePage(page, reply.sources[0]),
    source3,
    ...(heading === null
      ? {}
      : {
          section3: top.some((source) => isSameSection(page, heading, source, question.sectionIds)),
        }),
    ...(phrase === undefined ? {} : { phrase }),
    missingPhrases,
    refused: isRefusal(reply),
    correct: source3 && phrase !== false,
    codeBlockLeftOpen,
  };
}

/** The measures a reply to an answerable question failed (`source@3`, `section@3`, `phrase`). */
export function failedMeasures(score: QuestionScore): string[] {
  const failed: string[] = [];
  if (score.source3 === false) failed.push('source@3');
  if (score.section3 === false) failed.push('section@3');
  if (score.phrase === false) failed.push('phrase');
  if (score.declined === false) failed.push('declined');
  return failed;
}

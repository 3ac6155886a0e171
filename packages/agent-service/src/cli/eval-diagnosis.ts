import { normalizeEvalText } from './eval-normalize-text.js';
import type { EvalQuestion } from './eval-questions.js';
import type { QuestionScore } from './eval-score.js';
import { type CitedSource, isSamePage, isSameSection } from './eval-source-match.js';

/** A fragment found by `POST /api/datastores/{id}/query`, as a diagnosis reads it. */
export interface RetrievedFragment extends CitedSource {
  text: string;
}

/** What retrieval alone found for a missed question, and which stage lost the answer. */
export interface MissDiagnosis {
  /**
   * `retrieval`: the datastore search did not find what the answer lacks (the page, the
   * section or the phrases) in its top k; `answer`: it did, and the answer lost it;
   * `error`: the query failed; `unknown`: retrieval could not be asked.
   */
  lostBy: 'retrieval' | 'answer' | 'error' | 'unknown';
  /** 1-based rank of the first fragment of the expected page in the top k, or null. */
  pageRank?: number | null;
  /** 1-based rank of the first fragment of the expected section, or null. */
  sectionRank?: number | null;
  /** Whether the top k fragments together hold every key phrase. */
  phrasesRetrieved?: boolean;
}

function rankOf(fragments: readonly RetrievedFragment[], matches: (f: CitedSource) => boolean) {
  const index = fragments.findIndex(matches);
  return index < 0 ? null : index + 1;
}

/**
 * Which stage lost a missed answerable question, given the top k fragments a datastore
 * search returns for it: retrieval when the measure that failed (source@3 → the page,
 * section@3 → the section, phrase → every phrase) is not found in them either, else the
 * answer (retrieval had it; ranking, picking and quoting lost it).
 */
export function diagnoseMiss(
  question: EvalQuestion,
  score: QuestionScore,
  fragments: readonly RetrievedFragment[],
): MissDiagnosis {
  const { page } = question;
  if (page === null) return { lostBy: 'answer' };
  const heading = question.heading ?? null;
  const pageRank = rankOf(fragments, (source) => isSamePage(page, source));
  const sectionRank =
    heading === null ? null : rankOf(fragments, (source) => isSameSection(page, heading, source));
  const retrievedText = normalizeEvalText(fragments.map((fragment) => fragment.text).join('\n'));
  const phrasesRetrieved = question.phrases.every((phrase) =>
    retrievedText.includes(normalizeEvalText(phrase)),
  );
  const retrievalLost =
    (score.source3 === false && pageRank === null) ||
    (score.section3 === false && sectionRank === null) ||
    (score.phrase === false && !phrasesRetrieved);
  return {
    lostBy: retrievalLost ? 'retrieval' : 'answer',
    pageRank,
    ...(heading === null ? {} : { sectionRank }),
    phrasesRetrieved,
  };
}

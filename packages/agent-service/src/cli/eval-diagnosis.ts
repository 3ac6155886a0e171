import { normalizeEvalText } from './eval-normalize-text.js';
import type { EvalQuestion } from './eval-questions.js';
import type { QuestionScore } from './eval-score.js';
import { type CitedSource, isSamePage, isSameSection } from './eval-source-match.js';

/** A fragment found by `POST /api/datastores/{id}/query`, as a diagnosis reads it. */
export interface RetrievedFragment extends CitedSource {
  text: string;
  /**
   * Its rank in its datastore's ranking after the BM25 candidates and after each stage of
   * the ranking (the search's `explain`), in order; `null` where it was not ranked.
   */
  stages?: readonly { stage: string; rank: number | null }[];
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
  /**
   * For a miss lost by retrieval with the page or section missing: the stage of the
   * ranking that put it out of the top k (`bm25`: the candidates never held it in reach),
   * read from the search's `explain` ({@link lostAtStage}).
   */
  lostAt?: string;
}

function rankOf(fragments: readonly RetrievedFragment[], matches: (f: CitedSource) => boolean) {
  const index = fragments.findIndex(matches);
  return index < 0 ? null : index + 1;
}

/**
 * The stage of the ranking after which no fragment that `matches` was in the top `topK`
 * any more, and stayed out, read from the fragments' `stages` (the whole explained
 * ranking, past the top k): `bm25` when none ever was (or none is among the fragments:
 * the candidates never held it). `undefined` when the fragments carry no stages, or one
 * that matches ends in the top k.
 *
 * @example
 * // The page was 2nd after bm25 and sentence-rerank, 14th after page-support: page-support.
 * lostAtStage(fragments, (fragment) => isSamePage('/docs/x', fragment), 10);
 */
export function lostAtStage(
  fragments: readonly RetrievedFragment[],
  matches: (fragment: CitedSource) => boolean,
  topK: number,
): string | undefined {
  const stages = fragments[0]?.stages?.map((step) => step.stage);
  if (stages === undefined) return undefined;
  const matching = fragments.filter(matches);
  if (matching.length === 0) return stages[0];
  const inReach = stages.map((stage) =>
    matching.some((fragment) => {
      const rank = fragment.stages?.find((step) => step.stage === stage)?.rank ?? null;
      return rank !== null && rank <= topK;
    }),
  );
  if (inReach.at(-1)) return undefined;
  const lastInReach = inReach.lastIndexOf(true);
  return stages[lastInReach + 1];
}

/**
 * Which stage lost a missed answerable question, given the fragments a datastore search
 * returns for it (best first; past `topK` when explained): retrieval when the measure
 * that failed (source@3 → the page, section@3 → the section, phrase → every phrase) is
 * not found in the top `topK` either, else the answer (retrieval had it; ranking, picking
 * and quoting lost it). For a page or section lost by retrieval, the stage of the ranking
 * that lost it ({@link lostAtStage}), when the fragments are explained.
 */
export function diagnoseMiss(
  question: EvalQuestion,
  score: QuestionScore,
  explained: readonly RetrievedFragment[],
  topK = explained.length,
): MissDiagnosis {
  const fragments = explained.slice(0, topK);
  const { page } = question;
  if (page === null) return { lostBy: 'answer' };
  const heading = question.heading ?? null;
  const pageRank = rankOf(fragments, (source) => isSamePage(page, source));
  const sectionRank =
    heading === null
      ? null
      : rankOf(fragments, (source) => isSameSection(page, heading, source, question.sectionIds));
  const retrievedText = normalizeEvalText(fragments.map((fragment) => fragment.text).join('\n'));
  const phrasesRetrieved = question.phrases.every((phrase) =>
    retrievedText.includes(normalizeEvalText(phrase)),
  );
  const pageLost = score.source3 === false && pageRank === null;
  const sectionLost = score.section3 === false && sectionRank === null;
  const retrievalLost = pageLost || sectionLost || (score.phrase === false && !phrasesRetrieved);
  const lostAt = pageLost
    ? lostAtStage(explained, (source) => isSamePage(page, source), topK)
    : sectionLost && heading !== null
      ? lostAtStage(
          explained,
          (source) => isSameSection(page, heading, source, question.sectionIds),
          topK,
        )
      : undefined;
  return {
    lostBy: retrievalLost ? 'retrieval' : 'answer',
    pageRank,
    ...(heading === null ? {} : { sectionRank }),
    phrasesRetrieved,
    ...(lostAt === undefined ? {} : { lostAt }),
  };
}

/**
 * The ranking pipeline: every stage between the lexical index's BM25 candidates and the
 * passages an answer is written from, in the order they run. Each stage is a function
 * from a {@link Ranking} to a {@link Ranking}; `answerOnly` stages run when a question is
 * answered (`purpose: 'answer'`), the others for a plain datastore search too.
 *
 * - Over the whole candidate pool (`RERANK_DEPTH` BM25 hits, the nearest in meaning):
 *   `relevance-floor`, `sentence-rerank`, `bare-list`, `page-support`, `release-notes`,
 *   `vector-fusion`;
 * - then the best `limit` passages are kept, and shaped: `asked-date`, `asked-price`,
 *   `best-subsection`, `section-example`, `section-window`.
 *
 * A new signal is one entry in {@link POOL_STAGES} or {@link TOP_STAGES}; switching one off
 * for a measurement is its name in `stagesOff` (the service's `rankingStagesOff`, env
 * `RANKING_STAGES_OFF`). With `explain`, the score and rank each stage left every passage
 * with are kept, for `POST /api/datastores/{id}/query` with `explain: true`.
 */
import type { Queryable } from '../store/index.js';
import { missesAskedDate, missesAskedPrice } from './answer-shape.js';
import { judgeAnswerability, phraseChecker } from './answerability.js';
import { withBareListsLowered } from './bare-list.js';
import { withBestSubsection } from './best-subsection.js';
import type { NearbyChunks } from './nearby-chunks.js';
import { PAGE_SUPPORT_WEIGHTS, withPageSupport } from './page-support.js';
import type { PassageRow } from './passage-rows.js';
import { fuseByReciprocalRank } from './rank-fusion.js';
import { withReleaseNotesLowered } from './release-notes.js';
import { sectionExamples } from './section-example.js';
import {
  SECTION_WINDOW,
  type SectionAround,
  sectionOfBest,
  sectionPlaces,
} from './section-window.js';
import { rerankBySentence } from './sentence-rerank.js';

/**
 * How much a bare list (links, names: `isBareList`) keeps of its score. Measured on both
 * documentation sites: 0.3 to 0.5 gave the same answers (docs/benchmarks.md); 0.6 and
 * up left "Resources" and "Source control" lists ahead of the sections that answer.
 */
const BARE_LIST_WEIGHT = 0.4;
/**
 * How much a release-notes passage keeps of its score (see `withReleaseNotesLowered`).
 * 0.3, 0.5 and 0.7 gave the same answers on all five development sets (docs/benchmarks.md),
 * so the choice left out of any one set is the same: the middle.
 */
const RELEASE_NOTES_WEIGHT = 0.5;

/** What every stage reads of the question and the search; the same for the whole run. */
export interface RankingQuery {
  database: Queryable;
  /** The question as asked. */
  question: string;
  datastoreIds: readonly string[];
  /** Most passages kept after the pool's stages. */
  limit: number;
  /** Stemmed query terms and their weights (idf × weight), from the first stage. */
  termWeights: ReadonlyMap<string, number>;
  /** The question's lexemes no chunk of the datastores holds. */
  unknownTerms: readonly string[];
  /** Chunk ids nearest in meaning (embeddings), best first; none when lexical only. */
  nearest: readonly string[];
  /** Every candidate's row (lexical and nearest), by chunk id. */
  rowsById: ReadonlyMap<string, Omit<PassageRow, 'score'>>;
}

/** The ranking as it passes from stage to stage. */
export interface Ranking {
  readonly query: RankingQuery;
  /** The passages, best first. */
  readonly rows: readonly PassageRow[];
  /** Set by a stage that finds the documents cannot answer: nothing is found, no stage follows. */
  readonly declined?: true;
  /** Each passage's example, by chunk id (`section-example`). */
  readonly examples?: ReadonlyMap<string, string>;
  /** The best passage's section around it (`section-window`). */
  readonly section?: SectionAround;
  /** Chunks read beside the kept passages (`section-example`), for the stages after it. */
  readonly nearby?: NearbyChunks;
}

/**
 * The kept passages' texts with their titles, as the answer-shape checks read them: release
 * notes name the version in their heading ("2.0 Changelog › 2.0.1").
 */
const titledTexts = (ranking: Ranking): string[] =>
  ranking.rows.map((row) => `${row.title}\n${row.content}`);

/** One stage: its name, whether it runs only when answering, and what it does. */
interface Stage<Name extends string = string> {
  name: Name;
  /** Runs only when a question is answered, not for a plain datastore search. */
  answerOnly: boolean;
  /** `purpose`: the run's (see {@link PipelineOptions}); most stages read only the ranking. */
  run(ranking: Ranking, purpose: PipelineOptions['purpose']): Ranking | Promise<Ranking>;
}

const rescored = (ranking: Ranking, rows: readonly PassageRow[]): Ranking => ({
  ...ranking,
  rows,
});
const declined = (ranking: Ranking): Ranking => ({ ...ranking, rows: [], declined: true });

/** Stages over the whole candidate pool, in order. */
const POOL_STAGES = [
  {
    // Whether the documents can answer at all, from what the question names (`judgeAnswerability`).
    name: 'relevance-floor',
    answerOnly: true,
    async run(ranking) {
      const { query } = ranking;
      const outOfScope = await judgeAnswerability({
        question: query.question,
        unknownTerms: query.unknownTerms,
        // Embeddings find what is said in other words: unknown words are no sign then.
        paraphrasesFound: query.nearest.length > 0,
        holdsPhrase: phraseChecker(query.database, query.datastoreIds),
      });
      return outOfScope ? declined(ranking) : ranking;
    },
  },
  {
    // Each candidate by its best sentence and the answer's shape (`rerankBySentence`). The
    // re-rank reads words as the answerer stems them; Postgres's lexemes of the same words
    // are the same Porter2 stems, so the weights carry over by name.
    name: 'sentence-rerank',
    answerOnly: false,
    run: (ranking) =>
      rescored(
        ranking,
        rerankBySentence(ranking.rows, {
          question: ranking.query.question,
          termWeights: ranking.query.termWeights,
        }),
      ),
  },
  {
    // Lists of links and names lowered (`withBareListsLowered`).
    name: 'bare-list',
    answerOnly: false,
    run: (ranking) => rescored(ranking, withBareListsLowered(ranking.rows, BARE_LIST_WEIGHT)),
  },
  {
    // A page raised by its next best sections, at learned weights (`withPageSupport`).
    name: 'page-support',
    answerOnly: false,
    run: (ranking) => rescored(ranking, withPageSupport(ranking.rows, PAGE_SUPPORT_WEIGHTS)),
  },
  {
    // Release notes lowered, unless the question asks about releases (`withReleaseNotesLowered`).
    name: 'release-notes',
    answerOnly: false,
    run: (ranking) =>
      rescored(
        ranking,
        withReleaseNotesLowered(ranking.rows, ranking.query.question, RELEASE_NOTES_WEIGHT),
      ),
  },
  {
    // The lexical ranking fused with the nearest in meaning by reciprocal rank (`fuseByReciprocalRank`).
    name: 'vector-fusion',
    answerOnly: false,
    run(ranking) {
      const { nearest, rowsById } = ranking.query;
      if (nearest.length === 0) return ranking;
      const fused = fuseByReciprocalRank([ranking.rows.map((row) => row.chunk_id), nearest]);
      return rescored(
        ranking,
        fused.flatMap(({ id, score }) => {
          const row = rowsById.get(id);
          return row ? [{ ...row, score }] : [];
        }),
      );
    },
  },
] as const satisfies readonly Stage[];

/** Stages over the best `limit` passages, in order. */
const TOP_STAGES = [
  {
    // Asked for a date that no passage found gives: nothing here answers it (`missesAskedDate`).
    name: 'asked-date',
    answerOnly: true,
    run: (ranking) =>
      missesAskedDate(ranking.query.question, titledTexts(ranking)) ? declined(ranking) : ranking,
  },
  {
    // Asked what something costs in money, and no passage found states an amount of money
    // (`missesAskedPrice`): nothing here answers it.
    name: 'asked-price',
    answerOnly: true,
    run: (ranking) =>
      missesAskedPrice(ranking.query.question, titledTexts(ranking)) ? declined(ranking) : ranking,
  },
  {
    // The best passage's subsection that answers: the one its answering line names, first;
    // when answering, an intro's first section next (`withBestSubsection`).
    name: 'best-subsection',
    answerOnly: false,
    run: async (ranking, purpose) =>
      rescored(
        ranking,
        await withBestSubsection(ranking.query.database, ranking.rows, {
          termWeights: ranking.query.termWeights,
          limit: ranking.query.limit,
          firstSection: purpose === 'answer',
        }),
      ),
  },
  {
    // Each passage's example: a short code-only subsection right after it (`sectionExamples`).
    name: 'section-example',
    answerOnly: true,
    async run(ranking) {
      // The section-window stage's places too (`sectionPlaces`): one statement for both.
      const best = ranking.rows[0];
      const { examples, nearby } = await sectionExamples(
        ranking.query.database,
        ranking.rows,
        best ? sectionPlaces(best) : [],
      );
      return { ...ranking, examples, nearby };
    },
  },
  {
    // The best passage's section around it, for the answer to choose from (`sectionOfBest`).
    name: 'section-window',
    answerOnly: true,
    async run(ranking) {
      const section = await sectionOfBest(
        ranking.query.database,
        ranking.rows,
        SECTION_WINDOW,
        ranking.nearby,
      );
      return section ? { ...ranking, section } : ranking;
    },
  },
] as const satisfies readonly Stage[];

/** Every stage of the pipeline, in order. */
export const STAGE_NAMES = [...POOL_STAGES, ...TOP_STAGES].map((stage) => stage.name) as [
  StageName,
  ...StageName[],
];

/** The name of a stage of the pipeline (see {@link STAGE_NAMES}). */
export type StageName = (typeof POOL_STAGES)[number]['name'] | (typeof TOP_STAGES)[number]['name'];

/** The first stage's name in an explanation: BM25 over the chunks (`searchLexical`). */
export const CANDIDATES_STAGE = 'bm25';

/** Where one stage left a passage: its score and its rank (1 = first; null: not ranked). */
export interface StageStep {
  stage: StageName | typeof CANDIDATES_STAGE;
  score: number | null;
  rank: number | null;
}

/** How a ranking was run. */
export interface PipelineOptions {
  /** `answer` runs every stage; `search` (a datastore query) skips the `answerOnly` ones. */
  purpose: 'search' | 'answer';
  /** Stages switched off, for measurements (docs/benchmarks.md's ablation). */
  stagesOff?: ReadonlySet<StageName> | undefined;
  /** Keep each stage's scores and ranks (see {@link explainPassage}). */
  explain?: boolean | undefined;
}

/** What {@link runRankingPipeline} found, and with `explain` each stage's ranking. */
export interface PipelineResult {
  ranking: Ranking;
  /** The rankings after the candidates and each stage that changed them, in order. */
  trace?: { stage: StageStep['stage']; rows: readonly PassageRow[] }[];
}

/**
 * Runs the stages over the candidates (`ranking.rows`: the BM25 hits, best first): the
 * pool's stages, then the best `query.limit` passages, then the top's stages. Stops at
 * a stage that declines.
 */
export async function runRankingPipeline(
  candidates: Ranking,
  options: PipelineOptions,
): Promise<PipelineResult> {
  const trace: NonNullable<PipelineResult['trace']> | undefined = options.explain
    ? [{ stage: CANDIDATES_STAGE, rows: candidates.rows }]
    : undefined;
  const runs = (stage: Stage<StageName>) =>
    (options.purpose === 'answer' || !stage.answerOnly) && !options.stagesOff?.has(stage.name);
  let ranking = candidates;
  const runAll = async (stages: readonly Stage<StageName>[]) => {
    for (const stage of stages) {
      if (ranking.declined || !runs(stage)) continue;
      const next = await stage.run(ranking, options.purpose);
      if (trace && next.rows !== ranking.rows) trace.push({ stage: stage.name, rows: next.rows });
      ranking = next;
    }
  };
  await runAll(POOL_STAGES);
  ranking = rescored(ranking, ranking.rows.slice(0, ranking.query.limit));
  await runAll(TOP_STAGES);
  return trace ? { ranking, trace } : { ranking };
}

/** The score and rank each stage of `trace` left the passage `chunkId` with, in order. */
export function explainPassage(
  trace: NonNullable<PipelineResult['trace']>,
  chunkId: string,
): StageStep[] {
  return trace.map(({ stage, rows }) => {
    const at = rows.findIndex((row) => row.chunk_id === chunkId);
    return {
      stage,
      score: at < 0 ? null : (rows[at] as PassageRow).score,
      rank: at < 0 ? null : at + 1,
    };
  });
}

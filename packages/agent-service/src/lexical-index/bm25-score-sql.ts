/**
 * The SQL that scores a lexical candidate: BM25 over the query terms with `ts_rank` as the
 * term frequency (its parameters, the field weights of titles and text) plus the question's
 * phrases. {@link searchLexical} draws the candidates and runs it.
 */
import { type Phrase, type QueryTerm, tsqueryLiteral } from './query-terms.js';

// BM25 parameters, tuned with `npm run eval` on SQuAD: chunks are short and of similar
// length, so length normalisation (b) matters less than in the usual 0.75.
const K1 = 1.0;
const B = 0.4;
/**
 * ts_rank weights {D, C, B, A}: a word of a chunk's title (A: its page's title and headings)
 * counts 1 / 0.6 times a word of its text (B). Where pages look alike (one per rule or
 * option), the question's words in a page's name tell the pages apart; 0.8 for the text
 * gave titles too little say, 0.5 cost SQuAD recall@5 (docs/benchmarks.md).
 */
const RANK_WEIGHTS = '{0.1, 0.2, 0.6, 1.0}';
/** ts_rank of one occurrence at weight 1 (normalisation 0): 1 / (π²/6). */
const ONE_OCCURRENCE = 1 / 1.64493406685;

/** SQL of a candidate's score, in two parts, with the parameters they use. */
export interface ScoringSql {
  /** Columns computed once per candidate row of `chunks c` (what reads its tsvector). */
  columns: string;
  /** The score, over those columns (and `c.tsv`) of the candidate row `c`. */
  score: string;
  /** Values of the parameters `$first`, `$first + 1`, … the two parts refer to. */
  parameters: unknown[];
}

/**
 * The score of a candidate chunk: BM25 over the query terms (term frequency read with
 * `ts_rank` per term, which saturates with repeats; titles weigh a little more; a term
 * the chunk lacks ranks 0 and adds nothing), plus the weight of each of the question's
 * phrases it holds. Per candidate: one `ts_rank` per term, a phrase looked for only when
 * both its terms are there, and float arithmetic (no set-returning function, aggregate
 * or numeric per row): scoring candidates is most of the cost of a search.
 */
export function bm25Sql(
  terms: readonly QueryTerm[],
  phrases: readonly Phrase[],
  averageLength: number,
  first: number,
): ScoringSql {
  const parameters: unknown[] = [];
  const parameter = (value: unknown) => {
    parameters.push(value);
    return `$${first + parameters.length - 1}`;
  };
  const index = new Map(terms.map((term, position) => [term.term, position]));
  // BM25's length normalisation, K1 × (1 − B + B × length / average), as a + b × length.
  const norm = `${parameter(K1 * (1 - B))}::float8 + ${parameter((K1 * B) / averageLength)}::float8 * c.length`;
  const columns = [
    `${norm} AS norm`,
    ...terms.map(
      (term, position) =>
        `ts_rank('${RANK_WEIGHTS}', c.tsv, ${parameter(tsqueryLiteral(term.term))}::tsquery, 0) / ${ONE_OCCURRENCE} AS tf${position}`,
    ),
  ];
  const termScores = terms.map(
    (term, position) =>
      `${parameter(term.weight * term.idf)}::float8 * c.tf${position} * ${K1 + 1} / (c.tf${position} + c.norm)`,
  );
  const phraseScores = phrases.map((phrase) => {
    const [left, right] = phrase.terms.map((term) => `c.tf${index.get(term)}`);
    return `CASE WHEN ${left} > 0 AND ${right} > 0 AND c.tsv @@ ${parameter(phrase.query)}::tsquery THEN ${parameter(phrase.weight)}::float8 ELSE 0 END`;
  });
  return {
    columns: columns.join(',\n         '),
    score: `(${termScores.join(' + ')}) + (${['0::float8', ...phraseScores].join(' + ')})`,
    parameters,
  };
}

/** The highest score {@link bm25Sql} can give: every term saturated, every phrase held. */
export function bestScore(terms: readonly QueryTerm[], phrases: readonly Phrase[]): number {
  return (
    terms.reduce((sum, term) => sum + term.weight * term.idf * (K1 + 1), 0) +
    phrases.reduce((sum, phrase) => sum + phrase.weight, 0)
  );
}

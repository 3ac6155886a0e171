/**
 * How well a grouping matches a labelled one, for the content-gap topics' tests and
 * benchmark (`eval/gaps/`).
 *
 * - purity: each found group counts the questions of its commonest labelled topic; the share
 *   of all questions so counted (1: no group mixes topics);
 * - completeness (inverse purity): each labelled topic counts the questions in the found group
 *   that holds most of them; the share so counted (1: no topic is split);
 * - ARI: the adjusted Rand index (Hubert & Arabie 1985): agreement on every pair of questions,
 *   0 for a random grouping of the same sizes, 1 for the labelled one.
 */
export interface ClusteringMeasures {
  purity: number;
  completeness: number;
  ari: number;
}

function choose2(n: number): number {
  return (n * (n - 1)) / 2;
}

/** Measures `found` (a group number per question) against `truth` (a label per question). */
export function clusteringMeasures(
  truth: readonly string[],
  found: readonly number[],
): ClusteringMeasures {
  const table = new Map<string, Map<number, number>>();
  const groupSizes = new Map<number, number>();
  const topicSizes = new Map<string, number>();
  truth.forEach((topic, index) => {
    const group = found[index] as number;
    const row = table.get(topic) ?? new Map<number, number>();
    row.set(group, (row.get(group) ?? 0) + 1);
    table.set(topic, row);
    groupSizes.set(group, (groupSizes.get(group) ?? 0) + 1);
    topicSizes.set(topic, (topicSizes.get(topic) ?? 0) + 1);
  });
  const n = truth.length;
  const largestPerGroup = new Map<number, number>();
  let completeCount = 0;
  let pairsBoth = 0;
  for (const row of table.values()) {
    completeCount += Math.max(...row.values());
    for (const [group, cell] of row) {
      largestPerGroup.set(group, Math.max(largestPerGroup.get(group) ?? 0, cell));
      pairsBoth += choose2(cell);
    }
  }
  const purityCount = [...largestPerGroup.values()].reduce((sum, cell) => sum + cell, 0);
  const pairsTopics = [...topicSizes.values()].reduce((sum, size) => sum + choose2(size), 0);
  const pairsGroups = [...groupSizes.values()].reduce((sum, size) => sum + choose2(size), 0);
  const expected = (pairsTopics * pairsGroups) / choose2(n);
  const maximum = (pairsTopics + pairsGroups) / 2;
  return {
    purity: purityCount / n,
    completeness: completeCount / n,
    ari: maximum === expected ? 1 : (pairsBoth - expected) / (maximum - expected),
  };
}

/** The labelled set of `eval/gaps/topics.json`. */
export interface LabelledGaps {
  about: string;
  topics: { id: string; about: string; nearMiss: string[]; questions: string[] }[];
}

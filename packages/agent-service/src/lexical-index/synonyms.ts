import { stemOf } from './text-terms.js';

/**
 * Words that documentation and the people asking it use for the same thing: a question
 * says "forbid" where the page says "disallow", "parameters" where it says "args",
 * "setting" where it says "option". Only groups whose words are interchangeable in
 * technical writing; none that merely relate ("function" and "method" are not).
 */
const GROUPS: readonly string[] = [
  'disallow forbid prohibit ban',
  'allow permit',
  'parameter argument param arg args',
  'setting option',
  'error exception',
  'remove delete',
  'show display print',
  'start launch',
  'directory folder',
  'ignore skip exclude',
  'deprecated obsolete',
  'environment env',
  'repository repo',
  'documentation docs',
  'authentication auth',
  'database db',
  'configuration config',
  'shortcut shorthand',
  'mandatory required',
  'detect identify',
];

/**
 * How much a synonym of a question word counts (`synonymsOf`), against the word itself: in
 * retrieval's query and in the extractive answer's reading of a passage alike.
 */
export const SYNONYM_WEIGHT = 0.5;

/** Stem → the stems of the other words of its group. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  GROUPS.flatMap((group) => {
    const stems = [...new Set(group.split(' ').map(stemOf))];
    return stems.map((stem) => [stem, stems.filter((other) => other !== stem)] as const);
  }).filter(([, others]) => others.length > 0),
);

/** The stems a question's stem may also be written as in the documents (none: `[]`). */
export function synonymsOf(stem: string): readonly string[] {
  return SYNONYMS.get(stem) ?? [];
}

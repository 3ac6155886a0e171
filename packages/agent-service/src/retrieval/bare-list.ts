/** A ranked passage whose text the check reads. */
interface ListedCandidate {
  content: string;
  score: number;
}

/** Most words of an item in a bare list: a link's or a name's, not a statement's. */
const MAX_ITEM_WORDS = 8;
/** A list item: a bullet or a number, then text. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
/** What ends a sentence, at the end of an item or inside it. */
const SENTENCE_END = /[.!?:]$|[.!?]\s/;
/** Inline code: an item that names code lists values or options (`192.168.2.0`, `"always"`). */
const CODE = /`/;

/**
 * Whether a passage is a bare list: nothing but a list (two items or more) of short items
 * that state nothing and name no code — links, names ("See also", "Resources", "Related
 * rules", an index of integrations); a list of values or options in code is content. A
 * bare list points to where answers are; it answers nothing itself, however well its names
 * match the question (they are the page's own name, mostly).
 *
 * @example
 * isBareList('- Rule source\n- Tests source') // true
 * isBareList('- `"always"` requires a semicolon.\n- `"never"` disallows it.') // false: statements
 */
export function isBareList(content: string): boolean {
  const lines = content.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return false;
  return lines.every((line) => {
    const item = LIST_ITEM.exec(line)?.[1]?.trim();
    return (
      item !== undefined &&
      item.split(/\s+/).length <= MAX_ITEM_WORDS &&
      !SENTENCE_END.test(item) &&
      !CODE.test(item)
    );
  });
}

/**
 * The candidates with every bare list's score (see {@link isBareList}) times `weight`,
 * re-sorted, best first: a list of links that shares the question's names gives way to the
 * sections that say something about them, and still ranks where nothing else matches.
 */
export function withBareListsLowered<Candidate extends ListedCandidate>(
  candidates: readonly Candidate[],
  weight: number,
): Candidate[] {
  return candidates
    .map((candidate) =>
      isBareList(candidate.content)
        ? { ...candidate, score: Math.round(candidate.score * weight * 1e6) / 1e6 }
        : candidate,
    )
    .sort((left, right) => right.score - left.score);
}

import { TITLE_SEPARATOR } from '../lexical-index/index.js';

/** A ranked passage whose title (`Page › Heading › …`) the check reads. */
interface TitledCandidate {
  title: string;
  score: number;
}

/** A section number before a heading's text: DocBook's `E.1. `, `20.5.1. `. */
const SECTION_NUMBER = /^[A-Z]?\d*(?:\.\d+)*\.\s+/u;
/**
 * A heading that is a release's label: `1.4.42`, `Version 2.0.1`, `Release 15.4`,
 * `v3.1.0 (2024-01-02)`, `2.3.0 — 2024-05-01`; what is new or changed in one (`What's New
 * in SQLAlchemy 1.4?`, `Changes in version 2.1`); or its notes (`NumPy 1.26.0 Release
 * Notes`, `Django 4.2 release notes`, `Release notes for 5.2`).
 */
const RELEASE_HEADING =
  /^(?:(?:version|release|v)\s*\d+(?:\.\d+)*|\d+(?:\.\d+)+)[a-z]*\d*(?:\s*[(\-–—,:].*)?$|^(?:what['’]?s new|changes)\b.*\d+\.\d+|\bv?\d+(?:\.\d+)+\b.*\brelease notes?\b|^release notes?\b.*\d+\.\d+/iu;
/**
 * A question about releases: it names a version, the changelog or release notes, or asks
 * what was released, is new or changed in one ("release" alone is also a verb: release a lock).
 */
const ASKS_ABOUT_RELEASES =
  /\d+\.\d+|\b(?:change ?logs?|release notes|released|what['’]?s new|(?:changed|new|added|removed) in)\b/iu;

/**
 * Whether a chunk's title puts it in release notes: one of its headings (after a section
 * number) is a release's label (`Changes › Version 2.0.1`, `1.4 Changelog › 1.4.42 › orm`,
 * `E.12. Release 15.4`) or what is new in one (`What's New in SQLAlchemy 1.4?`).
 *
 * @example
 * isReleaseNotesTitle('Changes › Version 2.0.1') // true
 * isReleaseNotesTitle('20.5. Write Ahead Log › 20.5.1. Settings') // false: section numbers
 */
export function isReleaseNotesTitle(title: string): boolean {
  return title
    .split(TITLE_SEPARATOR)
    .some((heading) => RELEASE_HEADING.test(heading.replace(SECTION_NUMBER, '').trim()));
}

/**
 * The candidates with every release-notes passage's score (see {@link isReleaseNotesTitle})
 * times `weight`, re-sorted, best first — unless the question asks about releases (names a
 * version, a changelog, a release, what is new or changed in one). Release notes name every
 * option, function and class of the reference in short entries of what changed about it,
 * so they match a question about any of them as well as the page that documents it; but
 * they say what changed, not how it works, and a reader asking how is answered by the
 * reference. The same for every generator: only the headings are read.
 */
export function withReleaseNotesLowered<Candidate extends TitledCandidate>(
  candidates: readonly Candidate[],
  question: string,
  weight: number,
): Candidate[] {
  if (ASKS_ABOUT_RELEASES.test(question)) return [...candidates];
  return candidates
    .map((candidate) =>
      isReleaseNotesTitle(candidate.title)
        ? { ...candidate, score: Math.round(candidate.score * weight * 1e6) / 1e6 }
        : candidate,
    )
    .sort((left, right) => right.score - left.score);
}

import { LIMITS, type Source, type SuggestedFollowUp } from '@agent-chat/protocol';
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import type { Passage } from '../retrieval/index.js';

/** A retrieved passage and the source it is cited as. */
interface SuggestionCandidate {
  passage: Pick<Passage, 'title'>;
  source: Pick<Source, 'source_url' | 'datasource_name' | 'datasource_type'>;
}

/**
 * A heading as a person would say it: no step number ("2. Deploy" reads "Deploy"), no
 * Markdown code marks, whitespace collapsed.
 */
function plainHeading(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:step\s+)?\d+[.):]\s+(?=\S)/i, '');
}

/**
 * The question a section invites, in a neutral form: a Q&A pair's question or a heading
 * that already is a question as it is; otherwise "Tell me about <heading> (<page>)" (the
 * page alone for a page's introduction, the page left out when too long), headings made
 * plain ({@link plainHeading}). "How do I …?"
 * would promise a procedure the section may not hold. Undefined when even the shortest
 * form is longer than `LIMITS.followUps.length`.
 */
function questionOf(candidate: SuggestionCandidate): string | undefined {
  const parts = candidate.passage.title.split(TITLE_SEPARATOR).map(plainHeading).filter(Boolean);
  const heading = parts.at(-1);
  const page = parts[0];
  if (heading === undefined || page === undefined) return undefined;
  const forms =
    candidate.source.datasource_type === 'qa' || heading.endsWith('?')
      ? [heading]
      : parts.length === 1
        ? [`Tell me about ${page}`]
        : [`Tell me about ${heading} (${page})`, `Tell me about ${heading}`];
  return forms.find((form) => form.length <= LIMITS.followUps.length);
}

/**
 * Follow-up questions drawn from the knowledge itself: the other sections among the
 * passages retrieved for an answer, best first, each as the question it invites
 * ({@link questionOf}), skipping the sections the answer quotes (`cited`, indexes into
 * `passages`, which `passageSources` parallels) and repeats; at most `LIMITS.followUps.max`. Every suggestion names its
 * section's own words and its page, so asking it finds that section again; each comes
 * with the page it was drawn from, kept in the answer's metadata for the evaluation.
 *
 * @example
 * suggestFollowUps(passages, passageSources, new Set([0]));
 * // [{question: 'Tell me about Proxies (Configuration)', sourceUrl: '…/configuration#proxies', …}]
 */
export function suggestFollowUps(
  passages: readonly SuggestionCandidate['passage'][],
  passageSources: readonly SuggestionCandidate['source'][],
  cited: ReadonlySet<number>,
): SuggestedFollowUp[] {
  const quoted = new Set([...cited].flatMap((index) => passages[index]?.title ?? []));
  const suggestions: SuggestedFollowUp[] = [];
  for (const [index, passage] of passages.entries()) {
    if (suggestions.length === LIMITS.followUps.max) break;
    const source = passageSources[index];
    if (!source || cited.has(index) || quoted.has(passage.title)) continue;
    const candidate = { passage, source };
    const question = questionOf(candidate);
    if (question === undefined || suggestions.some((known) => known.question === question)) {
      continue;
    }
    suggestions.push({
      question,
      sourceUrl: candidate.source.source_url,
      datasourceName: candidate.source.datasource_name,
    });
  }
  return suggestions;
}

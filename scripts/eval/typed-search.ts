/**
 * `npm run eval -- --site <set folder> --search` (issue 52): the ⌘K search as a visitor types
 * a question. For each answerable question, its first 3 words, first 5 words and all of it
 * are searched as typed (the last word a prefix, as the widget sends it) through the agent's
 * search route, `POST /api/agents/{id}/search`; a hit is the expected page#heading among the
 * first 5 results. Beside it, the datastore search's source@5 on the whole question (the
 * expected page among its first 5 results), the rate the full query must reach.
 */
import { type EvalQuestion, type ServiceClient, scoreReply } from '@agent-chat/agent-service';
import { SEARCH_QUERY_LIMIT, type SearchResponse } from '@agent-chat/protocol';
import { datastoreSearch, type Search } from './via-mcp.js';

/** How much of a question is typed: its first words, or all of it. */
export type Typed = 3 | 5 | 'all';

/** The three lengths measured. */
export const TYPED_LENGTHS: readonly Typed[] = [3, 5, 'all'];

/** Results looked at: the first five of the modal. */
export const SEARCH_TOP = 5;

/**
 * What a visitor has typed after `typed` words of `question`, as the search box sends it:
 * the text up to the end of that word (so the last word is searched as a prefix), at most
 * the search route's 200 characters (cut at the last whole word before them).
 *
 * @example
 * typedQuery('How do I set a cookie?', 3); // 'How do I'
 */
export function typedQuery(question: string, typed: Typed): string {
  const words = [...question.matchAll(/\S+/g)];
  const last = typed === 'all' ? words.at(-1) : words[Math.min(typed, words.length) - 1];
  const text = last ? question.slice(0, (last.index ?? 0) + last[0].length).trim() : '';
  if (text.length <= SEARCH_QUERY_LIMIT.max) return text;
  const cut = text.slice(0, SEARCH_QUERY_LIMIT.max + 1);
  return cut.slice(0, cut.lastIndexOf(' ')).trimEnd();
}

/** One search result as the scoring reads an answer's cited source. */
const asSource = (result: { url: string | null; title: string; score: number }) => ({
  source_url: result.url,
  datasource_name: result.title,
  score: result.score,
});

/** The agent's search route (`POST /api/agents/{id}/search`) as a {@link Search}. */
export function agentSearch(client: ServiceClient, agentId: string): Search {
  return async (query) => {
    const { results } = await client.request<SearchResponse>(
      'POST',
      `/api/agents/${encodeURIComponent(agentId)}/search`,
      { query },
    );
    return results.map(asSource);
  };
}

/** Whether `source` alone is the question's section (page#heading, or an id inside it). */
const isSection = (question: EvalQuestion, source: Awaited<ReturnType<Search>>[number]) =>
  scoreReply(question, { answer: '', sources: [source] }).section3 === true;

/** Whether `source` alone is the question's page. */
const isPage = (question: EvalQuestion, source: Awaited<ReturnType<Search>>[number]) =>
  scoreReply(question, { answer: '', sources: [source] }).source3 === true;

/** A rate: hits of total. */
export interface Rate {
  hits: number;
  total: number;
}

/** What {@link evalTypedSearch} measured. */
export interface TypedSearchReport {
  /** Section among the first 5 search results, by how much of the question was typed. */
  section5: Record<`${Typed}`, Rate>;
  /** The whole question's expected page (any section) among the first 5 search results. */
  page5All: Rate;
  /** The datastore search's source@5 on the whole question (the expected page). */
  datastoreSource5: Rate;
  /**
   * The datastore search's section@5 on the whole question (page#heading among its first 5
   * results): the like-for-like reference of `section5.all`.
   */
  datastoreSection5: Rate;
  /** Questions cut to the route's 200 characters for "all". */
  cut: number;
  /** Searches that failed, with why (none expected). */
  errors: string[];
  /** Ids of the questions the full query missed (section not in the first 5). */
  missedFull: string[];
}

/** Options of {@link evalTypedSearch}. */
export interface TypedSearchOptions {
  client: ServiceClient;
  agentId: string;
  /** The agent's one datastore, for the datastore search's source@5. */
  datastoreId: string;
  questions: readonly EvalQuestion[];
  /** Questions searched at once (default 4). */
  concurrency?: number;
}

/**
 * Searches each answerable question with a heading at 3 words, 5 words and in full through
 * the agent's search route, and in full through the datastore search; see the module's
 * description.
 */
export async function evalTypedSearch(options: TypedSearchOptions): Promise<TypedSearchReport> {
  const questions = options.questions.filter(
    (question) => question.page !== null && question.heading != null,
  );
  const search = agentSearch(options.client, options.agentId);
  const datastore = datastoreSearch(options.client, options.datastoreId);
  const rate = (): Rate => ({ hits: 0, total: 0 });
  const report: TypedSearchReport = {
    section5: { 3: rate(), 5: rate(), all: rate() },
    page5All: rate(),
    datastoreSource5: rate(),
    datastoreSection5: rate(),
    cut: 0,
    errors: [],
    missedFull: [],
  };
  const count = (into: Rate, hit: boolean) => {
    into.total += 1;
    if (hit) into.hits += 1;
  };
  let next = 0;
  const worker = async () => {
    while (next < questions.length) {
      const question = questions[next++] as EvalQuestion;
      for (const typed of TYPED_LENGTHS) {
        const query = typedQuery(question.question, typed);
        if (typed === 'all' && query.length < question.question.trim().length) report.cut += 1;
        try {
          const top = (await search(query)).slice(0, SEARCH_TOP);
          const hit = top.some((source) => isSection(question, source));
          count(report.section5[typed], hit);
          if (typed === 'all') {
            count(
              report.page5All,
              top.some((source) => isPage(question, source)),
            );
            if (!hit) report.missedFull.push(question.id);
          }
        } catch (error) {
          count(report.section5[typed], false);
          if (typed === 'all') count(report.page5All, false);
          report.errors.push(`${question.id} (${typed}): ${(error as Error).message}`);
        }
      }
      try {
        const top = (await datastore(question.question)).slice(0, SEARCH_TOP);
        count(
          report.datastoreSource5,
          top.some((source) => isPage(question, source)),
        );
        count(
          report.datastoreSection5,
          top.some((source) => isSection(question, source)),
        );
      } catch (error) {
        count(report.datastoreSource5, false);
        count(report.datastoreSection5, false);
        report.errors.push(`${question.id} (datastore): ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  return report;
}

const percent = ({ hits, total }: Rate) =>
  `${hits}/${total} ${total === 0 ? '–' : `${Math.round((hits / total) * 100)} %`}`;

/**
 * The report as lines: the three typed rates, the datastore search's source@5 and whether
 * the full query reaches it.
 */
export function formatTypedSearch(report: TypedSearchReport): string {
  const full = report.section5.all;
  const reference = report.datastoreSource5;
  const holds = full.hits * reference.total >= reference.hits * full.total;
  return [
    `search as typed (POST /api/agents/{id}/search; page#heading among the first ${SEARCH_TOP})`,
    `  first 3 words     ${percent(report.section5[3])}`,
    `  first 5 words     ${percent(report.section5[5])}`,
    `  whole question    ${percent(full)}${report.cut > 0 ? ` (${report.cut} cut to ${SEARCH_QUERY_LIMIT.max} characters)` : ''}`,
    `  whole question, page only  ${percent(report.page5All)}`,
    `  datastore search source@${SEARCH_TOP} (page, whole question)  ${percent(reference)}`,
    `  datastore search section@${SEARCH_TOP} (page#heading, whole question)  ${percent(report.datastoreSection5)}`,
    `  whole question ${holds ? '≥' : '<'} datastore source@${SEARCH_TOP}${holds ? '' : ' — below the bar'}`,
    ...(report.errors.length === 0 ? [] : [`  errors: ${report.errors.slice(0, 5).join('; ')}`]),
    ...(report.missedFull.length === 0
      ? []
      : [`  whole question missed: ${report.missedFull.join(', ')}`]),
  ].join('\n');
}

import type { Agent } from '@agent-chat/protocol';
import { searchedDatastores } from '../agents/index.js';
import type { AskingContext } from '../asking/index.js';
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import { retrieve } from '../retrieval/index.js';
import { type CompletedQuery, completeLastWord } from './last-word-prefix.js';
import { datastoresVersion, type SearchCache } from './search-cache.js';

/** A section of an agent's documentation that a search found. */
export interface FoundSection {
  /** The page title (or the document's name). */
  title: string;
  /** The section's heading path inside the page. */
  headings: string[];
  /** The page's URL with the section's anchor (`page#heading`), or null. */
  url: string | null;
  /** The datasource's name (what a document without a URL is called). */
  datasourceName: string;
  /** The section's text, as Markdown. */
  content: string;
  /** Relevance in 0..1; higher is better. */
  score: number;
}

/** Options of {@link searchDocs}. */
export interface DocsSearchOptions {
  /** Most sections returned. */
  limit: number;
  /** Search as you type: the query's last word is a prefix (`completeLastWord`). Default false. */
  prefix?: boolean;
  /** A section split into several chunks is returned once (its best chunk). Default false. */
  oncePerSection?: boolean;
}

/** What {@link searchDocs} found, and the query it searched. */
export interface DocsSearchResult {
  sections: FoundSection[];
  /** The query searched: as given, or with its last word completed. */
  query: string;
  /** The last word as typed, when it was taken as a prefix. */
  prefix?: string;
}

/**
 * The share of the commoner terms' candidates (`searchLexical`'s `commonCandidateShare`) a
 * search as you type draws: half. Every keystroke is a search; at 50,000 chunks whose words
 * are the typed questions' own, half the common terms' candidates (the first 250 chunks in
 * storage order that hold two of them, not 500) cost 17 % less of the scoring statement's CPU
 * and 13 % less of a search's. They bind only where two common words are in hundreds of
 * chunks: the found-as-typed rates of site-dev, site-dev-2 and Flask are unchanged, the
 * PostgreSQL and SQLAlchemy manuals' whole questions lose one each (docs/benchmarks.md,
 * issue 52). The datastore search and the MCP tool draw them all.
 */
const TYPE_AHEAD_COMMON_SHARE = 0.5;

/** Retrieval's best sections for `query`, at most `limit`, a section once when `once`. */
async function findSections(
  context: Pick<AskingContext, 'database' | 'hybrid' | 'stagesOff'>,
  datastoreIds: readonly string[],
  query: string,
  options: { limit: number; once: boolean; typeAhead: boolean },
): Promise<FoundSection[]> {
  const { limit, once } = options;
  // A few more than asked: a long section's chunks share one URL and count once.
  const { passages, passageSources } = await retrieve(context.database, query, {
    datastoreIds,
    limit: limit + (once ? 4 : 0),
    vectorSearch: context.hybrid?.vectorSearch,
    stagesOff: context.stagesOff,
    ...(options.typeAhead ? { commonCandidateShare: TYPE_AHEAD_COMMON_SHARE } : {}),
  });
  const seen = new Set<string>();
  const sections: FoundSection[] = [];
  for (const [index, passage] of passages.entries()) {
    const url = passageSources[index]?.source_url ?? null;
    const [title = passage.datasourceName, ...headings] = passage.title.split(TITLE_SEPARATOR);
    const key = url ?? `${passage.datasourceId}\n${passage.title}`;
    if ((once && seen.has(key)) || sections.length >= limit) continue;
    seen.add(key);
    sections.push({
      title,
      headings,
      url,
      datasourceName: passage.datasourceName,
      content: passage.content,
      score: passage.score,
    });
  }
  return sections;
}

/**
 * Searches an agent's datastores for sections about a query, best first: the one search of
 * the agent's documentation, behind the MCP tool `search_docs` and `POST
 * /api/agents/{id}/search`. It is `retrieve` as `POST /api/datastores/{id}/query` runs it
 * (without the answering-only stages), over every datastore of the agent; with `prefix`,
 * the last word is completed first; with `oncePerSection`, a section split into several
 * chunks is found once. Nothing is counted against the usage limit here: callers decide.
 *
 * @example
 * const { sections } = await searchDocs(context, agent, 'vitest conf', { limit: 8, prefix: true });
 */
export async function searchDocs(
  context: Pick<AskingContext, 'database' | 'hybrid' | 'stagesOff'> & {
    /** Searches remembered (`createSearchCache`): a keystroke that completes as the last one did reuses its sections. */
    searchCache?: SearchCache<FoundSection[]> | undefined;
  },
  agent: Agent,
  query: string,
  options: DocsSearchOptions,
): Promise<DocsSearchResult> {
  const datastoreIds = searchedDatastores(agent, undefined);
  const cache = context.searchCache;
  // The cache's key needs the datastores' version: read with the completions when there are.
  const completed: CompletedQuery =
    options.prefix === true
      ? await completeLastWord(context.database, query, datastoreIds, {
          withVersion: cache !== undefined,
        })
      : { query };
  const once = options.oncePerSection === true;
  // A search as you type draws fewer candidates (TYPE_AHEAD_COMMON_SHARE): part of the
  // cache's key, as the same query searched otherwise draws them all.
  const typeAhead = options.prefix === true;
  const key =
    cache &&
    JSON.stringify([
      completed.version ?? (await datastoresVersion(context.database, datastoreIds)),
      completed.query,
      options.limit,
      once,
      typeAhead,
    ]);
  const sections =
    (key === undefined ? undefined : cache?.get(key)) ??
    (await findSections(context, datastoreIds, completed.query, {
      limit: options.limit,
      once,
      typeAhead,
    }));
  if (key !== undefined) cache?.set(key, sections);
  return {
    sections,
    query: completed.query,
    ...('prefix' in completed && completed.prefix !== undefined
      ? { prefix: completed.prefix }
      : {}),
  };
}

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

/** Retrieval's best sections for `query`, at most `limit`, a section once when `once`. */
async function findSections(
  context: Pick<AskingContext, 'database' | 'hybrid' | 'stagesOff'>,
  datastoreIds: readonly string[],
  query: string,
  limit: number,
  once: boolean,
): Promise<FoundSection[]> {
  // A few more than asked: a long section's chunks share one URL and count once.
  const { passages, passageSources } = await retrieve(context.database, query, {
    datastoreIds,
    limit: limit + (once ? 4 : 0),
    vectorSearch: context.hybrid?.vectorSearch,
    stagesOff: context.stagesOff,
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
  const key =
    cache &&
    JSON.stringify([
      completed.version ?? (await datastoresVersion(context.database, datastoreIds)),
      completed.query,
      options.limit,
      once,
    ]);
  const sections =
    (key === undefined ? undefined : cache?.get(key)) ??
    (await findSections(context, datastoreIds, completed.query, options.limit, once));
  if (key !== undefined) cache?.set(key, sections);
  return {
    sections,
    query: completed.query,
    ...('prefix' in completed && completed.prefix !== undefined
      ? { prefix: completed.prefix }
      : {}),
  };
}

import { QUERY_LENGTH_LIMIT, SEARCH_RESULTS_LIMIT } from '@agent-chat/protocol';
import { z } from 'zod';
import { TITLE_SEPARATOR } from '../lexical-index/index.js';
import { enforceUsageLimit } from '../organizations/index.js';
import { searchDocs } from '../search/index.js';
import { defineTool } from './mcp-tool.js';

/**
 * Results of one search: 8 unless asked, at most 20 (a model's context is not a page of
 * links), as the widget's search route.
 */
export const SEARCH_LIMIT = SEARCH_RESULTS_LIMIT;

const input = z.object({
  query: z
    .string()
    .trim()
    .min(QUERY_LENGTH_LIMIT.min)
    .max(QUERY_LENGTH_LIMIT.max)
    .describe('What to look for, in words: a question, a topic, an option or function name.'),
  limit: z
    .number()
    .int()
    .min(SEARCH_LIMIT.min)
    .max(SEARCH_LIMIT.max)
    .optional()
    .describe(
      `Most results (${SEARCH_LIMIT.min}–${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}).`,
    ),
});

const result = z.object({
  title: z.string().describe('The page title.'),
  headings: z.array(z.string()).describe('The section’s heading path inside the page.'),
  url: z
    .string()
    .describe('The page’s URL with the section’s anchor (`page#heading`), or the document’s name.'),
  excerpt: z.string().describe('The section’s text, as Markdown.'),
  score: z.number().describe('Relevance in 0..1; higher is better.'),
});

/** A search result as `search_docs` returns it (its `structuredContent.results[]`). */
export type SearchDocsResult = z.infer<typeof result>;

/** A result as the model reads it. */
function resultMarkdown(found: SearchDocsResult, index: number): string {
  const path = [found.title, ...found.headings].join(TITLE_SEPARATOR);
  return `## ${index + 1}. ${path}\n${found.url} · score ${found.score.toFixed(3)}\n\n${found.excerpt}`;
}

/**
 * `search_docs`: the agent's datastores searched by `searchDocs` (as `POST
 * /api/datastores/{id}/query` searches one, and the widget's search route as you type), best
 * first.
 */
export const searchDocsTool = defineTool({
  name: 'search_docs',
  title: 'Search the documentation',
  description:
    'Search this documentation for sections about a topic, best match first. Each result ' +
    'is a section: its page title, heading path, URL (page#heading), the section text as ' +
    'Markdown and a relevance score. Use it to find facts, options, APIs and examples; ' +
    'call get_page with a result’s URL for the whole page.',
  input,
  output: z.object({ results: z.array(result) }),
  readOnly: true,
  async run({ query, limit }, call) {
    const { context, organization, agent } = call;
    await enforceUsageLimit(context.database, organization, context.usageLimit, context.now());
    const { sections } = await searchDocs(context, agent, query, {
      limit: limit ?? SEARCH_LIMIT.default,
    });
    const results = sections.map(
      (section): SearchDocsResult => ({
        title: section.title,
        headings: section.headings,
        url: section.url ?? section.datasourceName,
        excerpt: section.content,
        score: section.score,
      }),
    );
    if (results.length === 0) {
      return {
        text: `Nothing in this documentation matches "${query}". Try other words, or a shorter query.`,
        data: { results },
      };
    }
    return { text: results.map(resultMarkdown).join('\n\n'), data: { results } };
  },
});

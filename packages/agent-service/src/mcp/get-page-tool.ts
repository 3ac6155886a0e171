import { z } from 'zod';
import { searchedDatastores } from '../agents/index.js';
import { enforceUsageLimit } from '../organizations/index.js';
import { defineTool } from './mcp-tool.js';
import { closestPages, readStoredPage } from './stored-page.js';

/** Longest URL accepted, in characters (what browsers and CDNs commonly accept). */
export const URL_LENGTH_LIMIT = 2_048;

/**
 * `get_page`: the whole stored page as Markdown (sections in order under their headings)
 * with its URL; an unknown URL is a tool error naming the closest pages.
 */
export const getPageTool = defineTool({
  name: 'get_page',
  title: 'Read a whole documentation page',
  description:
    'Read one whole page of this documentation as Markdown: every section in order under ' +
    'its heading, with the page’s URL. Pass a URL that search_docs returned (the #heading ' +
    'part may stay). Use it when a section alone is not enough context.',
  input: z.object({
    url: z
      .string()
      .trim()
      .min(1)
      .max(URL_LENGTH_LIMIT)
      .describe('The page’s URL, as search_docs returned it (or a document’s name).'),
  }),
  readOnly: true,
  async run({ url }, call) {
    const { context, organization, agent } = call;
    await enforceUsageLimit(context.database, organization, context.usageLimit, context.now());
    const datastoreIds = searchedDatastores(agent, undefined);
    const page = await readStoredPage(context.database, datastoreIds, url);
    if (page) {
      const note = page.truncated
        ? `\n\n(The page is cut here: it is longer than ${page.markdown.length} characters.)`
        : '';
      return { text: page.markdown + note };
    }
    const closest = await closestPages(context.database, datastoreIds, url);
    const suggestion =
      closest.length === 0
        ? 'This documentation has no pages yet.'
        : `The closest pages are: ${closest.join(', ')}.`;
    return {
      text: `No page of this documentation is stored at "${url}". ${suggestion} Use search_docs to find a page's URL.`,
      isError: true,
    };
  },
});

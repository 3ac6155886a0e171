import {
  SEARCH_RESULTS_LIMIT,
  type SearchRequest,
  type SearchResponse,
} from '@agent-chat/protocol';
import { searchRequestSchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { getAgent } from '../agents/index.js';
import { searchDocs, searchExcerpt } from '../search/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * `POST /agents/:id/search` (mounted under `/api`): search as you type over the agent's
 * datastores (`searchDocs` with the last word as a prefix, one result per section), each
 * result a page title, the section's heading, its URL, an excerpt of one or two lines and
 * where it matched. No answer is written and nothing is counted against the usage limit: a
 * search costs a retrieval, not a model call, and a visitor types many of them per question.
 */
export function createSearchRoute(context: ServiceContext): Router {
  const router = Router();
  router.post('/agents/:id/search', async (req, res) => {
    const agent = await getAgent(context.database, organizationOf(res.locals).id, req.params.id);
    const body = validateBody<SearchRequest>(searchRequestSchema, req.body);
    const found = await searchDocs(context, agent, body.query, {
      limit: body.limit ?? SEARCH_RESULTS_LIMIT.default,
      prefix: true,
      oncePerSection: true,
    });
    const response: SearchResponse = {
      results: found.sections.map((section) => ({
        title: section.title,
        heading: section.headings.at(-1) ?? '',
        url: section.url,
        ...searchExcerpt(section.content, found.query, found.prefix),
        score: section.score,
      })),
    };
    res.json(response);
  });
  return router;
}

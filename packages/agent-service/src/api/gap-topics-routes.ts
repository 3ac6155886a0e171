import type {
  GapAnswerBody,
  GapHideBody,
  GapTopicsQuery,
  GapUnhideBody,
} from '@agent-chat/protocol';
import {
  gapAnswerSchema,
  gapHideSchema,
  gapTopicsQuerySchema,
  gapUnhideSchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { answerGapTopic, hideGapTopic, listGapTopics, unhideGapTopic } from '../gaps/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/**
 * The content-gap topics (mounted under `/api`; the organization's key):
 * `GET /insights/gaps?agentId=&from=&to=&cursor=&limit=` lists an agent's topics largest
 * first; `POST /insights/gaps/answer` answers one as Q&A pairs, searchable when it returns;
 * `POST /insights/gaps/hide` hides one and its look-alikes; `POST /insights/gaps/unhide`
 * shows a hidden one again.
 */
export function createGapTopicsRoutes(context: ServiceContext): Router {
  const router = Router();
  router.get('/insights/gaps', async (req, res) => {
    const query = validateBody<GapTopicsQuery>(gapTopicsQuerySchema, req.query);
    res.json(await listGapTopics(context, organizationOf(res.locals).id, query, context.now()));
  });
  router.post('/insights/gaps/answer', async (req, res) => {
    const body = validateBody<GapAnswerBody>(gapAnswerSchema, req.body);
    res.json(await answerGapTopic(context, organizationOf(res.locals).id, body));
  });
  router.post('/insights/gaps/hide', async (req, res) => {
    const body = validateBody<GapHideBody>(gapHideSchema, req.body);
    res.json(await hideGapTopic(context.database, organizationOf(res.locals).id, body));
  });
  router.post('/insights/gaps/unhide', async (req, res) => {
    const body = validateBody<GapUnhideBody>(gapUnhideSchema, req.body);
    res.json(await unhideGapTopic(context, organizationOf(res.locals).id, body, context.now()));
  });
  return router;
}

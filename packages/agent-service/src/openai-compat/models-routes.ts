import type { OpenAiModel, OpenAiModelList } from '@agent-chat/protocol';
import { Router } from 'express';
import { type AgentSummary, listAgentSummaries } from '../agents/index.js';
import type { Organization } from '../organizations/index.js';
import type { Queryable } from '../store/index.js';
import { modelNotFound } from './model-not-found.js';

function modelOf(agent: AgentSummary, organization: Organization): OpenAiModel {
  return {
    id: agent.id,
    object: 'model',
    created: agent.createdSeconds,
    owned_by: organization.name,
    name: agent.name,
  };
}

/**
 * `GET /models` and `GET /models/:id` (mounted under `/v1`): the organization's agents
 * as OpenAI models, the agent id as the model id; another organization's agent, or an
 * unknown one, is 404 `model_not_found`.
 */
export function createModelsRoutes(
  database: Queryable,
  organizationOf: (locals: Record<string, unknown>) => Organization,
): Router {
  const router = Router();
  router.get('/models', async (_req, res) => {
    const organization = organizationOf(res.locals);
    const agents = await listAgentSummaries(database, organization.id);
    const list: OpenAiModelList = {
      object: 'list',
      data: agents.map((agent) => modelOf(agent, organization)),
    };
    res.json(list);
  });
  router.get('/models/:id', async (req, res) => {
    const organization = organizationOf(res.locals);
    const [agent] = await listAgentSummaries(database, organization.id, req.params.id);
    if (!agent) throw modelNotFound(req.params.id);
    res.json(modelOf(agent, organization));
  });
  return router;
}

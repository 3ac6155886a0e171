import type { AgentCreateBody, AgentUpdateBody } from '@agent-chat/protocol';
import {
  agentCreateSchema,
  agentUpdateSchema,
  emptyBodySchema,
} from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { createAgent, deleteAgent, getAgent, listAgents, updateAgent } from '../agents/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/** `POST/GET /agents`, `GET/PATCH/DELETE /agents/:id` (mounted under `/api`). */
export function createAgentRoutes(context: ServiceContext): Router {
  const { database } = context;
  const router = Router();
  router.get('/agents', async (_req, res) => {
    res.json(await listAgents(database, organizationOf(res.locals).id));
  });
  router.post('/agents', async (req, res) => {
    const body = validateBody<AgentCreateBody>(agentCreateSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await database.transaction((transaction) =>
      createAgent(transaction, organizationId, body),
    );
    res.status(201).json(agent);
  });
  router.get('/agents/:id', async (req, res) => {
    res.json(await getAgent(database, organizationOf(res.locals).id, req.params.id));
  });
  router.patch('/agents/:id', async (req, res) => {
    const body = validateBody<AgentUpdateBody>(agentUpdateSchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await database.transaction((transaction) =>
      updateAgent(transaction, organizationId, req.params.id, body),
    );
    res.json(agent);
  });
  router.delete('/agents/:id', async (req, res) => {
    validateBody(emptyBodySchema, req.body);
    const organizationId = organizationOf(res.locals).id;
    const agent = await database.transaction((transaction) =>
      deleteAgent(transaction, organizationId, req.params.id),
    );
    res.json(agent);
  });
  return router;
}

/**
 * The Agents routes of the OpenAPI registry (`/api/agents`, api/'s agent-routes): list, create,
 * read, update, delete.
 */
import { agentCreateSchema, agentSchema, agentUpdateSchema } from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** The Agents routes, as the document publishes them. */
export const AGENT_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/agents',
    operationId: 'listAgents',
    summary: 'List the organization’s agents',
    tag: 'Agents',
    responses: { 200: z.array(agentSchema) },
  },
  {
    method: 'post',
    path: '/api/agents',
    operationId: 'createAgent',
    summary: 'Create an agent',
    tag: 'Agents',
    body: agentCreateSchema,
    responses: { 201: agentSchema },
    errors: [400, [404, 'NOT_FOUND: a datastore in `datastoreIds` does not exist']],
  },
  {
    method: 'get',
    path: '/api/agents/{id}',
    operationId: 'getAgent',
    summary: 'Read an agent',
    tag: 'Agents',
    responses: { 200: agentSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/agents/{id}',
    operationId: 'updateAgent',
    summary: 'Update an agent (only the fields sent)',
    tag: 'Agents',
    body: agentUpdateSchema,
    responses: { 200: agentSchema },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/agents/{id}',
    operationId: 'deleteAgent',
    summary: 'Delete an agent; answers it as it was',
    tag: 'Agents',
    ...deleteBody,
    responses: { 200: agentSchema },
    errors: [400, 404],
  },
];

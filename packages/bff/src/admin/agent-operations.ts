/**
 * The admin operations on agents: the directory the console lists and creates with, an
 * agent read, updated (guarded against Chaindesk wiping its tools) and deleted, and its
 * Slack and Discord apps.
 */
import {
  agentCreateSchema,
  agentUpdateSchema,
  discordIntegrationSchema,
  emptyBodySchema,
  slackIntegrationSchema,
} from '@agent-chat/protocol/schemas';
import type { AdminOperation } from './admin-operation.js';

/** Agents and their Slack and Discord apps, in the order Express matches them. */
export const AGENT_OPERATIONS: readonly AdminOperation[] = [
  {
    method: 'get',
    path: '/api/agents',
    upstreamPath: () => '/api/agents',
    schema: emptyBodySchema,
  },
  {
    method: 'post',
    path: '/api/agents',
    upstreamPath: () => '/api/agents',
    schema: agentCreateSchema,
  },
  {
    method: 'get',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: emptyBodySchema,
  },
  {
    method: 'patch',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: agentUpdateSchema,
    guard: 'agent-update',
  },
  {
    method: 'delete',
    path: '/api/agents/:id',
    upstreamPath: (id) => `/api/agents/${id}`,
    schema: emptyBodySchema,
  },
  // An agent's Slack and Discord apps (the console's agent page): the secrets go up once,
  // sealed by the service; what comes back is only whether it is connected.
  ...(['slack', 'discord'] as const).flatMap((kind): AdminOperation[] => [
    {
      method: 'get',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: emptyBodySchema,
    },
    {
      method: 'post',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: kind === 'slack' ? slackIntegrationSchema : discordIntegrationSchema,
    },
    {
      method: 'delete',
      path: `/api/agents/:id/integrations/${kind}`,
      upstreamPath: (id) => `/api/agents/${id}/integrations/${kind}`,
      schema: emptyBodySchema,
    },
  ]),
];

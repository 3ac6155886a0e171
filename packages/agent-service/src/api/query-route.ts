import {
  createSseEncoder,
  ERROR_CODES,
  HANDOFF_ACKNOWLEDGEMENT,
  type QueryRequest,
} from '@agent-chat/protocol';
import { queryRequestSchema } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import {
  type AnswerFraming,
  clientSignal,
  prepareAnswer,
  streamAnswer,
  wholeAnswer,
} from '../asking/index.js';
import { organizationOf } from './auth-middleware.js';
import { requestChannel } from './request-channel.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

function toStreamError(error: unknown): { code: string; message: string } {
  if (error instanceof AgentServiceError) return { code: error.code, message: error.message };
  return { code: ERROR_CODES.internal, message: 'The agent service failed to answer.' };
}

/**
 * `POST /agents/:id/query` (mounted under `/api`): retrieval over the agent's datastores,
 * then an answer as JSON or, with `streaming: true`, as the seed's SSE dialect (answer
 * fragments, `endpoint_response`, `[DONE]`; heartbeats meanwhile; errors as `[ERROR]`
 * frames). 402 before any event when the quota is used up. Work stops when the client
 * disconnects. A `conversationId` of another visitor or agent is 404, and a
 * `filters.datastore_ids` naming a datastore the agent lacks 403, before anything is read
 * or written; in a conversation in `handoff` the question is stored and answered
 * with {@link HANDOFF_ACKNOWLEDGEMENT} instead of the AI. With the agent's contact capture
 * on and no contact from the visitor yet, the response carries `contactCapture` (an offer)
 * for a conversation in handoff (`handoff` trigger) or a decline (`no_answer` trigger).
 * A new conversation's channel is `widget` when the BFF says so (`X-Agent-Chat-Channel`),
 * else `api`.
 */
export function createQueryRoute(context: ServiceContext): Router {
  const { database } = context;
  const encoder = createSseEncoder();
  const framing: AnswerFraming = {
    heartbeat: encoder.encode({ type: 'heartbeat' }),
    fragment: (text) => encoder.encode({ type: 'answer', text }),
    finished: (response) => [
      encoder.encode({ type: 'endpoint_response', json: JSON.stringify(response) }),
      encoder.encode({ type: 'done' }),
    ],
    failed: (error) => encoder.encode({ type: 'error', ...toStreamError(error) }),
  };
  const router = Router();
  router.post('/agents/:id/query', async (req, res) => {
    const startedAt = performance.now();
    const signal = clientSignal(res);
    const organization = organizationOf(res.locals);
    const agent = await getAgent(database, organization.id, req.params.id);
    const query = validateBody<QueryRequest>(queryRequestSchema, req.body);
    const prepared = await prepareAnswer(context, {
      organization,
      agent,
      query,
      signal,
      channel: requestChannel(req),
      startedAt,
    });
    if (signal.aborted) return;
    if (!query.streaming) {
      const response = await wholeAnswer(prepared, signal);
      if (response) res.json(response);
      return;
    }
    await streamAnswer(context, res, prepared, framing, signal, { agentId: agent.id });
  });
  return router;
}

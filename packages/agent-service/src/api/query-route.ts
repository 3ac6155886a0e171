import { once } from 'node:events';
import {
  type AnswerMetadata,
  createSseEncoder,
  ERROR_CODES,
  HANDOFF_ACKNOWLEDGEMENT,
  type QueryRequest,
  type QueryResponse,
  SSE_HEADERS,
  type StreamEvent,
} from '@agent-chat/protocol';
import { queryRequestSchema } from '@agent-chat/protocol/schemas';
import { type Response, Router } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import { getAgent, searchedDatastores } from '../agents/index.js';
import {
  type Answerer,
  type AnswerPart,
  answerSettings,
  type CondenseInput,
} from '../answering/index.js';
import { contactOffer } from '../contacts/index.js';
import { resolveConversation, saveExchange } from '../conversations/index.js';
import { enforceUsageLimit } from '../organizations/index.js';
import { retrieve } from '../retrieval/index.js';
import { organizationOf } from './auth-middleware.js';
import type { ServiceContext } from './service-context.js';
import { validateBody } from './validate-body.js';

/** Scores of the best passages kept in a message's metadata. */
const TOP_SCORES = 5;

/** Answers a conversation in `handoff` with the fixed acknowledgement, and no AI. */
const handoffAnswerer: Answerer = {
  async *answer() {
    yield HANDOFF_ACKNOWLEDGEMENT;
  },
};

function toStreamError(error: unknown): { code: string; message: string } {
  if (error instanceof AgentServiceError) return { code: error.code, message: error.message };
  return { code: ERROR_CODES.internal, message: 'The agent service failed to answer.' };
}

/**
 * What a follow-up question ("and for teams?") leaves unsaid: the previous question of
 * the conversation, searched along with it at half the weight, so its topic still counts
 * but the new question's own words decide.
 */
function followUpContext(history: readonly { role: string; text: string }[]) {
  const previous = history.findLast((message) => message.role === 'user');
  return previous ? [{ text: previous.text, weight: 0.5 }] : [];
}

/**
 * What retrieval searches for a question: with a condenser (an LLM is configured), the
 * follow-up rewritten as a standalone question, searched alone and logged; otherwise, or
 * when condensing fails or times out (logged as a warning), the question with the
 * previous one blended in ({@link followUpContext}).
 */
async function searchedQuestion(
  context: ServiceContext,
  input: CondenseInput,
  log: Record<string, unknown>,
): Promise<{ text: string; earlier: { text: string; weight: number }[] }> {
  const blended = { text: input.question, earlier: followUpContext(input.history) };
  const result = await context.condenser?.condense(input);
  if (!result) return blended;
  if (!result.ok) {
    context.logger.warn(
      { ...log, reason: result.reason, ms: result.ms },
      'follow-up not condensed; searching it with the previous question blended in',
    );
    return blended;
  }
  context.logger.info(
    { ...log, question: input.question, standaloneQuestion: result.question, ms: result.ms },
    'follow-up condensed into a standalone question',
  );
  return { text: result.question, earlier: [] };
}

/** Writes a frame, waiting for `drain` when the socket's buffer is full. */
async function writeFrame(res: Response, frame: string, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  if (!res.write(frame)) {
    try {
      await once(res, 'drain', { signal });
    } catch {
      // Aborted: the client is gone, nothing more will be written.
    }
  }
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
 */
export function createQueryRoute(context: ServiceContext): Router {
  const { database, logger } = context;
  const encoder = createSseEncoder();
  const router = Router();
  router.post('/agents/:id/query', async (req, res) => {
    const startedAt = performance.now();
    // Listen first: a client that leaves during retrieval must not get an answer computed.
    const controller = new AbortController();
    const { signal } = controller;
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const organization = organizationOf(res.locals);
    const agent = await getAgent(database, organization.id, req.params.id);
    const query = validateBody<QueryRequest>(queryRequestSchema, req.body);
    const datastoreIds = searchedDatastores(agent, query.filters);
    const conversation = await resolveConversation(
      database,
      { organizationId: organization.id, agentId: agent.id },
      query,
    );
    await enforceUsageLimit(database, organization, context.usageLimit, context.now());
    const inHandoff = conversation.status === 'handoff';
    const settings = answerSettings(agent, query);
    const searched = inHandoff
      ? undefined
      : await searchedQuestion(
          context,
          {
            question: query.query,
            history: conversation.history,
            modelName: settings.modelName,
            signal,
          },
          { agentId: agent.id, conversationId: conversation.conversationId },
        );
    const retrieved = searched
      ? await retrieve(database, searched.text, {
          datastoreIds,
          filters: query.filters,
          earlier: searched.earlier,
          vectorSearch: context.hybrid?.vectorSearch,
          relevanceFloor: true,
        })
      : { passages: [], sources: [], passageSources: [] };
    const { passages } = retrieved;
    // The sources listed: those the answer cites, when the answerer says which.
    let sources = retrieved.sources;
    const cite = (part: AnswerPart): string => {
      if (typeof part === 'string') return part;
      sources = part.citations.flatMap((index) => retrieved.passageSources[index] ?? []);
      return '';
    };
    if (signal.aborted) return;
    const answerer = inHandoff ? handoffAnswerer : context.answerer;

    const input = {
      query: query.query,
      passages,
      history: conversation.history,
      settings,
      signal,
      handoffEnabled: agent.handoffEnabled ?? false,
    };
    const finish = async (answer: string): Promise<QueryResponse> => {
      const metadata: AnswerMetadata = {
        answerer: inHandoff ? 'handoff' : context.answererName,
        latencyMs: Math.round(performance.now() - startedAt),
        topScores: passages.slice(0, TOP_SCORES).map((passage) => passage.score),
        found: sources.length > 0,
      };
      const { messageId, status } = await saveExchange(database, {
        organizationId: organization.id,
        agentId: agent.id,
        conversationId: conversation.conversationId,
        visitorId: conversation.visitorId,
        query: query.query,
        answer,
        sources,
        metadata,
      });
      // A conversation in handoff waits for a person; a decline found nothing to answer.
      const offer = await contactOffer(
        database,
        { organizationId: organization.id, agent, visitorId: conversation.visitorId },
        status === 'handoff' ? ['handoff'] : metadata.found ? [] : ['no_answer'],
      );
      return {
        messageId,
        answer,
        sources,
        conversationId: conversation.conversationId,
        visitorId: conversation.visitorId,
        status,
        handoffEnabled: agent.handoffEnabled ?? false,
        ...(offer ? { contactCapture: offer } : {}),
      };
    };

    if (!query.streaming) {
      let answer = '';
      for await (const part of answerer.answer(input)) answer += cite(part);
      if (signal.aborted) return;
      res.json(await finish(answer));
      return;
    }

    res.writeHead(200, SSE_HEADERS);
    res.flushHeaders();
    const send = (event: StreamEvent) => writeFrame(res, encoder.encode(event), signal);
    const heartbeat = setInterval(() => {
      if (res.writableNeedDrain) return;
      res.write(encoder.encode({ type: 'heartbeat' }));
    }, context.heartbeatMs);
    try {
      let answer = '';
      for await (const part of answerer.answer(input)) {
        if (signal.aborted) break;
        const fragment = cite(part);
        if (!fragment) continue;
        answer += fragment;
        await send({ type: 'answer', text: fragment });
      }
      if (signal.aborted) return;
      const response = await finish(answer);
      await send({ type: 'endpoint_response', json: JSON.stringify(response) });
      await send({ type: 'done' });
    } catch (error) {
      if (signal.aborted) return;
      if (!(error instanceof AgentServiceError)) {
        logger.error(
          { err: error instanceof Error ? error.message : String(error), agentId: agent.id },
          'streamed query failed',
        );
      }
      const { code, message } = toStreamError(error);
      await send({ type: 'error', code, message });
    } finally {
      clearInterval(heartbeat);
      res.end();
    }
  });
  return router;
}

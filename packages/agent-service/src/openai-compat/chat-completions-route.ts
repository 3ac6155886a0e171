import { type ChatCompletionRequest, ERROR_CODES, ID_PATTERN } from '@agent-chat/protocol';
import { chatCompletionRequestSchema, parseBody } from '@agent-chat/protocol/schemas';
import { Router } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import { getAgent } from '../agents/index.js';
import {
  type AskingContext,
  clientSignal,
  prepareAnswer,
  streamAnswer,
  wholeAnswer,
} from '../asking/index.js';
import type { Organization } from '../organizations/index.js';
import { chatCompletion, chatCompletionFraming, completionHeader } from './chat-completion.js';
import { chatQuestion } from './chat-request.js';
import { modelNotFound } from './model-not-found.js';
import { openAiError } from './openai-errors.js';

/**
 * `POST /chat/completions` (mounted under `/v1`): OpenAI's chat completions, answered by
 * the agent named by `model` through the same pipeline as the query route (see
 * `chatQuestion` for how messages become the question, its history and the prompt). Each
 * call is stored as a conversation of its own for the visitor `user`. `stream: true`
 * sends `chat.completion.chunk` events, heartbeats meanwhile, and `data: [DONE]`.
 */
export function createChatCompletionsRoute(
  context: AskingContext,
  organizationOf: (locals: Record<string, unknown>) => Organization,
): Router {
  const router = Router();
  router.post('/chat/completions', async (req, res) => {
    const startedAt = performance.now();
    const signal = clientSignal(res);
    const organization = organizationOf(res.locals);
    const parsed = parseBody(chatCompletionRequestSchema, req.body);
    if (!parsed.success) {
      const { status, body } = openAiError(400, parsed.message, { param: parsed.field || null });
      res.status(status).json(body);
      return;
    }
    // The schema's output is the protocol type (checked in protocol's schema test).
    const request = parsed.data as ChatCompletionRequest;
    if (!ID_PATTERN.test(request.model)) throw modelNotFound(request.model);
    const agent = await getAgent(context.database, organization.id, request.model).catch(
      (error: unknown) => {
        if (error instanceof AgentServiceError && error.code === ERROR_CODES.notFound) {
          throw modelNotFound(request.model);
        }
        throw error;
      },
    );
    const { query, history, promptText } = chatQuestion(request);
    const prepared = await prepareAnswer(context, {
      organization,
      agent,
      query,
      history,
      signal,
      startedAt,
    });
    if (signal.aborted) return;
    const header = completionHeader(agent.id, context.now());
    if (!request.stream) {
      const response = await wholeAnswer(prepared, signal);
      if (response) res.json(chatCompletion(header, response, promptText));
      return;
    }
    await streamAnswer(context, res, prepared, chatCompletionFraming(header, promptText), signal, {
      agentId: agent.id,
    });
  });
  return router;
}

import { randomUUID } from 'node:crypto';
import {
  type ChatCompletion,
  type ChatCompletionChunk,
  encodeChatCompletionEvent,
  type QueryResponse,
} from '@agent-chat/protocol';
import type { AnswerFraming } from '../asking/index.js';
import { toOpenAiError } from './openai-errors.js';
import { estimateUsage } from './token-estimate.js';

/** What every chunk of one completion repeats. */
export interface CompletionHeader {
  id: string;
  created: number;
  /** The agent id. */
  model: string;
}

/** A new completion's id and time (`created` in Unix seconds) for the agent `model`. */
export function completionHeader(model: string, nowMs: number): CompletionHeader {
  return {
    id: `chatcmpl-${randomUUID().replaceAll('-', '')}`,
    created: Math.floor(nowMs / 1000),
    model,
  };
}

/** The extensions a completion carries besides OpenAI's fields: sources, conversation, visitor. */
function extensions(response: QueryResponse) {
  return {
    sources: response.sources,
    conversation_id: response.conversationId,
    visitor_id: response.visitorId,
  };
}

/** A whole answer as a `chat.completion`, with its sources and estimated usage. */
export function chatCompletion(
  header: CompletionHeader,
  response: QueryResponse,
  promptText: string,
): ChatCompletion {
  return {
    ...header,
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: response.answer, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
    usage: estimateUsage(promptText, response.answer),
    ...extensions(response),
  };
}

function chunk(
  header: CompletionHeader,
  delta: ChatCompletionChunk['choices'][number]['delta'],
): ChatCompletionChunk {
  return {
    ...header,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: null, logprobs: null }],
  };
}

/**
 * How a streamed answer is framed as OpenAI's stream: a first chunk naming the
 * `assistant` role, one chunk per fragment, a final chunk with `finish_reason: "stop"`,
 * the estimated `usage` and the sources, then `data: [DONE]`; a failure is an error event
 * (`data: {"error":{…}}`, which the SDKs raise) and nothing follows.
 */
export function chatCompletionFraming(header: CompletionHeader, promptText: string): AnswerFraming {
  const frame = (value: ChatCompletionChunk) =>
    encodeChatCompletionEvent({ type: 'chunk', chunk: value });
  return {
    heartbeat: encodeChatCompletionEvent({ type: 'heartbeat' }),
    opening: () => [frame(chunk(header, { role: 'assistant', content: '' }))],
    fragment: (text) => frame(chunk(header, { content: text })),
    finished: (response) => [
      frame({
        ...header,
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: {}, finish_reason: 'stop', logprobs: null }],
        usage: estimateUsage(promptText, response.answer),
        ...extensions(response),
      }),
      encodeChatCompletionEvent({ type: 'done' }),
    ],
    failed: (error) =>
      encodeChatCompletionEvent({ type: 'error', body: toOpenAiError(error).body }),
  };
}

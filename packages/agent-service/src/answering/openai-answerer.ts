import type { Passage } from '../retrieval/index.js';
import type { Answerer, AnswerInput } from './answerer.js';
import { chatModelName } from './model-names.js';
import { type ChatMessage, streamChatCompletion } from './openai-chat-stream.js';

/** Options of {@link createOpenAiAnswerer} (the service's `llm` option). */
export interface OpenAiAnswererOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Bearer key for it, if it needs one. */
  apiKey?: string;
  /** Model to request. Default: the agent's `modelName` mapped to OpenAI's name. */
  model?: string;
  /** Longest silence of the model (before the response or between chunks), ms. Default 60 000. */
  timeoutMs?: number;
  /** Injected fetch (tests). Default: global fetch. */
  fetch?: typeof fetch;
}

/** Used when neither the agent nor the query sets a system prompt. */
const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant. Answer the question using only the context below. ' +
  'If the context does not contain the answer, say that you do not know.';

/** How the model is asked to cite, the same way the extractive answerer does. */
const CITATION_INSTRUCTION =
  'Answer concisely. After each statement taken from the context, cite its source by ' +
  'the number in square brackets, like [1].';

/**
 * Formats passages as numbered context blocks. The number is the passage's datasource's
 * place among the passages' datasources — its place in the response's `sources` — so a
 * citation `[n]` the model writes points at `sources[n - 1]`.
 */
function formatContext(passages: readonly Passage[]): string {
  if (passages.length === 0) return '(no relevant documents were found)';
  const datasources = [...new Set(passages.map((passage) => passage.datasourceId))];
  return passages
    .map(
      (passage) =>
        `[${datasources.indexOf(passage.datasourceId) + 1}] ${passage.title}\n${passage.content}`,
    )
    .join('\n\n');
}

function fill(template: string, query: string, context: string): string {
  return template.replaceAll('{query}', query).replaceAll('{context}', context);
}

/**
 * Builds the chat messages: the system prompt (then the query's `context` on the next
 * line, then the retrieved context unless
 * the user template places `{context}` itself), the conversation history, then the
 * question. The user template is `promptTemplate` for `promptType: raw`, else
 * `userPrompt`; `{query}` and `{context}` in it are replaced.
 */
function buildChatMessages(input: AnswerInput): ChatMessage[] {
  const { settings } = input;
  const context = formatContext(input.passages);
  const template =
    settings.promptType === 'raw' && settings.promptTemplate
      ? settings.promptTemplate
      : settings.userPrompt;
  const templatePlacesContext = template?.includes('{context}') ?? false;
  // The query's `context` extends the system prompt on a line of its own, as Chaindesk does.
  const system = [settings.systemPrompt ?? DEFAULT_SYSTEM_PROMPT, settings.context]
    .filter((part) => part !== undefined)
    .join('\n');
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: templatePlacesContext
        ? system
        : `${system}\n\n${CITATION_INSTRUCTION}\n\nContext:\n${context}`,
    },
  ];
  for (const message of input.history) {
    messages.push({ role: message.role, content: message.text });
  }
  const question = template
    ? template.includes('{query}')
      ? fill(template, input.query, context)
      : `${fill(template, input.query, context)}\n\n${input.query}`
    : input.query;
  messages.push({ role: 'user', content: question });
  return messages;
}

/**
 * Creates the answerer backed by an OpenAI-compatible chat-completions API (streaming).
 * The query's temperature, topP, maxTokens and penalties are passed through.
 */
export function createOpenAiAnswerer(options: OpenAiAnswererOptions): Answerer {
  return {
    answer(input) {
      const { settings } = input;
      return streamChatCompletion({
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        signal: input.signal,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs === undefined ? {} : { idleTimeoutMs: options.timeoutMs }),
        request: {
          model: chatModelName(options.model, settings.modelName),
          messages: buildChatMessages(input),
          temperature: settings.temperature,
          ...(settings.topP === undefined ? {} : { top_p: settings.topP }),
          ...(settings.maxTokens === undefined ? {} : { max_tokens: settings.maxTokens }),
          ...(settings.presencePenalty === undefined
            ? {}
            : { presence_penalty: settings.presencePenalty }),
          ...(settings.frequencyPenalty === undefined
            ? {}
            : { frequency_penalty: settings.frequencyPenalty }),
        },
      });
    },
  };
}

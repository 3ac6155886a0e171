import type { AgentModelName } from '@agent-chat/protocol';
import type { ConversationMessage } from '../conversations/index.js';
import { chatModelName } from './model-names.js';
import { streamChatCompletion } from './openai-chat-stream.js';

/** Options of {@link createQuestionCondenser} (from the service's `llm` option). */
export interface QuestionCondenserOptions {
  /** Base URL of an OpenAI-compatible API, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** Model to request. Default: the agent's `modelName` mapped to OpenAI's name. */
  model?: string | undefined;
  /** Longest time the whole condensing may take, ms (the service's `llm.condenseTimeoutMs`). */
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
}

/** What {@link QuestionCondenser.condense} gets. */
export interface CondenseInput {
  question: string;
  /** Earlier turns, oldest first. */
  history: readonly ConversationMessage[];
  modelName: AgentModelName;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/** The outcome: the standalone question, or why there is none (then search as before). */
export type CondenseResult =
  | { ok: true; question: string; ms: number }
  | { ok: false; reason: string; ms: number };

/** Rewrites a follow-up question into a standalone one with a language model. */
export interface QuestionCondenser {
  /** Resolves to undefined when there is nothing to condense (no earlier question). Never throws. */
  condense(input: CondenseInput): Promise<CondenseResult | undefined>;
}

/** Earlier messages shown to the model, and the characters kept of each. */
const RECENT_MESSAGES = 6;
const MESSAGE_CHARACTERS = 600;
/** A longer "question" is not one: the model answered or rambled instead. */
const MAX_QUESTION_CHARACTERS = 1_000;

const SYSTEM_PROMPT =
  'Rewrite the last question of the conversation as one standalone question that can be ' +
  'understood without the conversation, to search documents with. Name what it refers to. ' +
  'Keep the language of the question. Reply with the standalone question only.';

function clip(text: string): string {
  return text.length > MESSAGE_CHARACTERS ? `${text.slice(0, MESSAGE_CHARACTERS)}…` : text;
}

function prompt(question: string, history: readonly ConversationMessage[]): string {
  const turns = history
    .slice(-RECENT_MESSAGES)
    .map((message) => `${message.role === 'user' ? 'User' : 'Assistant'}: ${clip(message.text)}`);
  return `Conversation:\n${turns.join('\n')}\n\nLast question: ${clip(question)}\n\nStandalone question:`;
}

/** The model's reply as a question: first non-empty line, without quotes or a label. */
function cleanQuestion(reply: string): string {
  const line = reply
    .split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => part !== '');
  return (line ?? '')
    .replace(/^standalone question:\s*/i, '')
    .replace(/^["'“”«]+|["'“”»]+$/g, '')
    .trim();
}

/**
 * Creates the condenser used before retrieval when an LLM is configured: one extra chat
 * completion (short prompt, temperature 0, at most 100 tokens, `timeoutMs` in all) turns
 * "and for teams?" after "How much does it cost?" into "How much does it cost for teams?",
 * which is then searched alone. Any failure — an error, a timeout, an empty or rambling
 * reply — is reported as `{ok: false, reason}` so the caller falls back to searching the
 * question with the previous one blended in.
 *
 * @example
 * const result = await condenser.condense({ question, history, modelName: 'gpt_4', signal });
 * const searched = result?.ok ? result.question : question;
 */
export function createQuestionCondenser(options: QuestionCondenserOptions): QuestionCondenser {
  const { timeoutMs } = options;
  return {
    async condense(input) {
      if (!input.history.some((message) => message.role === 'user')) return undefined;
      const startedAt = performance.now();
      const elapsed = () => Math.round(performance.now() - startedAt);
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      let reply = '';
      try {
        for await (const fragment of streamChatCompletion({
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          signal: AbortSignal.any([input.signal, deadline.signal]),
          idleTimeoutMs: timeoutMs,
          ...(options.fetch ? { fetch: options.fetch } : {}),
          request: {
            model: chatModelName(options.model, input.modelName),
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: prompt(input.question, input.history) },
            ],
            temperature: 0,
            max_tokens: 100,
          },
        })) {
          reply += fragment;
        }
      } catch (error) {
        return { ok: false, reason: (error as Error).message, ms: elapsed() };
      } finally {
        clearTimeout(timer);
      }
      if (input.signal.aborted) return { ok: false, reason: 'the client left', ms: elapsed() };
      if (deadline.signal.aborted) {
        return { ok: false, reason: `no answer within ${timeoutMs} ms`, ms: elapsed() };
      }
      const question = cleanQuestion(reply);
      if (question === '' || question.length > MAX_QUESTION_CHARACTERS) {
        return {
          ok: false,
          reason: `the model's reply is not a question (${question.length} characters)`,
          ms: elapsed(),
        };
      }
      return { ok: true, question, ms: elapsed() };
    },
  };
}

import { createHash } from 'node:crypto';
import type { ChatCompletionRequest } from '@agent-chat/protocol';
import { ID_PATTERN, LIMITS, type QueryRequest } from '@agent-chat/protocol';
import { messageText } from '@agent-chat/protocol/schemas';
import { invalidRequest } from '../agent-service-error.js';
import type { ConversationMessage } from '../conversations/index.js';

/**
 * Earlier turns kept as history: the last 20 messages, as many as the query route reads
 * from a stored conversation.
 */
const HISTORY_TURNS = 20;

/** A chat completion request as the answering pipeline takes it. */
export interface ChatQuestion {
  /** The query: the last user message, its visitor, and the system messages as `context`. */
  query: QueryRequest;
  /** The user and assistant turns before the question, oldest first. */
  history: ConversationMessage[];
  /** Everything the caller sent as prompt (for the estimated `prompt_tokens`). */
  promptText: string;
}

/**
 * The visitorId of a request's `user`: the value itself when it is an id (letters,
 * digits, `_`, `-`), else `u_` and its SHA-256 (an email or a name still maps to one
 * stable visitor); none without `user` (a new visitor).
 */
export function visitorIdOfUser(user: string | null | undefined): string | undefined {
  if (!user) return undefined;
  if (ID_PATTERN.test(user)) return user;
  return `u_${createHash('sha256').update(user).digest('base64url')}`;
}

/**
 * Splits OpenAI's message list the way the query route sees a conversation: the last
 * `user` message is the question, the `user`/`assistant` turns before it the history
 * (empty ones dropped), and the `system`/`developer` messages, joined, are appended to the
 * agent's system prompt as the query's `context` (Chaindesk's field). The service takes an
 * API key's holder for the operator, who may override prompts on the query route too;
 * browsers never reach `/v1` (the BFF relays only the query route, whose policy refuses
 * prompt fields). The schema has already checked that the question exists and is valid.
 */
export function chatQuestion(request: ChatCompletionRequest): ChatQuestion {
  const index = request.messages.findLastIndex((message) => message.role === 'user');
  const question = messageText(request.messages[index]?.content);
  const earlier = request.messages.slice(0, index);
  const history = earlier
    .flatMap((message): ConversationMessage[] => {
      if (message.role !== 'user' && message.role !== 'assistant') return [];
      const text = messageText(message.content);
      return text.trim() ? [{ role: message.role, text }] : [];
    })
    .slice(-HISTORY_TURNS);
  const system = request.messages
    .filter((message) => message.role === 'system' || message.role === 'developer')
    .map((message) => messageText(message.content).trim())
    .filter(Boolean)
    .join('\n\n');
  if (system.length > LIMITS.promptLength.max) {
    throw invalidRequest(
      `The system messages together must be at most ${LIMITS.promptLength.max} characters.`,
    );
  }
  const visitorId = visitorIdOfUser(request.user);
  return {
    query: {
      query: question,
      ...(visitorId === undefined ? {} : { visitorId }),
      ...(system ? { context: system } : {}),
    },
    history,
    promptText: [system, ...history.map((turn) => turn.text), question].join('\n'),
  };
}

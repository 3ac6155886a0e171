import { COMMENT_LENGTH_LIMIT, type MessageEval } from '@agent-chat/protocol';
import type { Signal } from '@preact/signals';
import type { ChatError } from './chat-error.js';
import type { ChatMessage } from './chat-message.js';
import type { ConversationApi } from './conversation-api.js';

/** What {@link createRateAnswer} shares with the chat model it belongs to. */
export interface RateAnswerContext {
  api: ConversationApi;
  messages: Signal<ChatMessage[]>;
  visitorId(): string | undefined;
  persist(): void;
  onError?: ((error: ChatError) => void) | undefined;
}

/**
 * Creates the chat model's `rate(id, vote, comment?)`: the vote on the answer with local id
 * `id` shows at once and is taken back if the server refuses it (`undefined` clears it).
 */
export function createRateAnswer(context: RateAnswerContext) {
  const { messages } = context;
  return async function rate(
    id: string,
    vote: MessageEval | undefined,
    comment?: string,
  ): Promise<void> {
    const target = messages.value.find((message) => message.id === id);
    const visitorId = context.visitorId();
    if (!target?.messageId || !visitorId) return;
    const setVote = (value: MessageEval | undefined) => {
      messages.value = messages.value.map((message) => {
        if (message.id !== id) return message;
        const { vote: _previous, ...rest } = message;
        return value ? { ...rest, vote: value } : rest;
      });
      context.persist();
    };
    const previous = target.vote;
    setVote(vote);
    try {
      await context.api.feedback({
        visitorId,
        messageId: target.messageId,
        eval: vote ?? null,
        ...(comment ? { comment: comment.slice(0, COMMENT_LENGTH_LIMIT.max) } : {}),
      });
    } catch (failure) {
      setVote(previous);
      context.onError?.(failure as ChatError);
    }
  };
}

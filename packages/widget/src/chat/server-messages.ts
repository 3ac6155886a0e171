/**
 * Chat messages made from what the server sends: the fields a finished answer gives its
 * message, and a reopened conversation's transcript as the messages the panel shows.
 */
import type { MessagesResponse, StreamResult } from '@agent-chat/protocol';
import type { ChatMessage } from './chat-message.js';

/** The answer message's fields once its stream finished: text, sources, ids, follow-ups. */
export function finishedAnswer(result: StreamResult): Partial<ChatMessage> {
  const done: Partial<ChatMessage> = {
    text: result.answer,
    sources: result.sources,
    state: 'done',
  };
  if (result.messageId) done.messageId = result.messageId;
  if (result.followUps?.length) done.followUps = result.followUps;
  return done;
}

/**
 * A transcript as chat messages, each with a new local id (`nextId`): the visitor's and an
 * operator's as they are, everything else an answer, done, with its sources and vote.
 */
export function transcriptMessages(
  response: MessagesResponse,
  nextId: () => string,
): ChatMessage[] {
  return response.messages.map((message) => {
    const role =
      message.role === 'operator' || message.role === 'user' ? message.role : 'assistant';
    const item: ChatMessage = { id: nextId(), role, text: message.text, messageId: message.id };
    if (role === 'assistant') {
      item.state = 'done';
      item.sources = message.sources;
      if (message.eval) item.vote = message.eval;
    }
    return item;
  });
}

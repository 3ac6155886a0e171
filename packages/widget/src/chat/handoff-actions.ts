import {
  ERROR_CODE_HANDOFF_DISABLED,
  type MessagesRequest,
  type MessagesResponse,
  readContactOffer,
} from '@agent-chat/protocol';
import { batch, type ReadonlySignal } from '@preact/signals';
import type { ChatError } from './chat-error.js';
import type { ChatMessage } from './chat-message.js';
import type { HandoffInternals } from './handoff-internals.js';
import { createReplyPoller, type PolledHandoff } from './reply-poller.js';

/**
 * Asks for a person for the conversation (once both ids exist and no person answers it
 * yet): the status follows the answer and a notice says a person will reply; the contact
 * form follows when the answer offers it. A failure
 * adds a failure notice; `HANDOFF_DISABLED` also withdraws the offer.
 */
export async function requestHandoff(state: HandoffInternals): Promise<void> {
  const { context, status, pending } = state;
  const { visitorId, conversationId } = context.ids();
  if (pending.value || status.value === 'handoff' || !visitorId || !conversationId) return;
  pending.value = true;
  try {
    const response = await context.api.handoff({ visitorId, conversationId });
    batch(() => {
      status.value = response.status;
      if (response.status === 'handoff') {
        context.messages.value = [...context.messages.value, state.notice('handoffNotice')];
      }
      context.offerContact?.(readContactOffer(response.contactCapture));
    });
  } catch (failure) {
    const error = failure as ChatError;
    batch(() => {
      if (error.code === ERROR_CODE_HANDOFF_DISABLED) state.enabled.value = false;
      context.messages.value = [...context.messages.value, state.notice('errorHandoff')];
    });
    context.onError?.(error);
  } finally {
    pending.value = false;
  }
  context.persist();
}

/**
 * One poll for what arrived after the last one: a person's replies not shown yet are
 * appended (the visitor's own messages and the acknowledgements come with their answers),
 * and the status followed. 404 (the conversation expired or was erased) leaves handoff
 * quietly and withdraws the offer (which stops polling until an answer offers it again);
 * other failures reject.
 */
export async function pollReplies(state: HandoffInternals): Promise<void> {
  const { context } = state;
  const { visitorId, conversationId } = context.ids();
  if (!visitorId || !conversationId) return;
  const request: MessagesRequest = { visitorId, conversationId };
  if (state.pollAfter) request.after = state.pollAfter;
  let response: MessagesResponse;
  try {
    response = await context.api.messages(request);
  } catch (failure) {
    if ((failure as ChatError).status !== 404) throw failure;
    batch(() => {
      state.status.value = 'open';
      state.enabled.value = false;
    });
    state.pollAfter = undefined;
    context.persist();
    return;
  }
  // The visitor started another conversation while the poll was out.
  if (context.ids().conversationId !== conversationId) return;
  const known = new Set(context.messages.value.map((message) => message.messageId));
  const replies: ChatMessage[] = response.messages
    .filter((message) => message.role === 'operator' && !known.has(message.id))
    .map((message) => ({
      id: context.nextId(),
      role: 'operator',
      text: message.text,
      messageId: message.id,
    }));
  state.pollAfter = response.messages.at(-1)?.id ?? state.pollAfter;
  batch(() => {
    if (replies.length > 0) context.messages.value = [...context.messages.value, ...replies];
    state.move(response.status);
  });
  context.persist();
}

/** Polls `model` for replies while `active` and a person answers or is offered; returns the stop function. */
export function pollWhileActive(model: PolledHandoff, active: ReadonlySignal<boolean>): () => void {
  return createReplyPoller({ handoff: model, active }).destroy;
}

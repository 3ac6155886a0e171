/**
 * The chat model: one conversation's state as signals (messages, status, error) and its
 * actions — asking (the transport's events folded into the answer at most once a frame),
 * stopping, retrying, rating, starting afresh — with the handoff, contact and past
 * conversations models it owns, kept in step with its store (and other tabs).
 */
import {
  ERROR_CODE_INVALID_STREAM,
  ERROR_CODE_NOT_FOUND,
  ERROR_CODE_STREAM_INTERRUPTED,
  QUERY_LENGTH_LIMIT,
  type StreamResult,
} from '@agent-chat/protocol';
import { batch, signal } from '@preact/signals';
import type { ChatError } from './chat-error.js';
import type { ChatMessage } from './chat-message.js';
import type { ChatModel, ChatModelOptions, ChatStatus } from './chat-model-contract.js';
import { createContactModel } from './contact-model.js';
import { createConversationApi } from './conversation-api.js';
import type { SavedConversation } from './conversation-store.js';
import { createFrameText, defaultScheduleFrame } from './frame-text.js';
import { createHandoffModel } from './handoff-model.js';
import { createHttpQueryTransport } from './http-query-transport.js';
import { createPastModel } from './past-model.js';
import type { ChatQuery } from './query-transport.js';
import { createRateAnswer } from './rate-answer.js';
import { finishedAnswer, transcriptMessages } from './server-messages.js';

export type { ChatIds, ChatModel, ChatModelOptions, ChatStatus } from './chat-model-contract.js';

/**
 * Creates the chat model of one widget: messages, status and error as signals. `send()`
 * asks the `QueryTransport` for an answer and folds its events into `messages`,
 * flushing streamed text at most once per frame, and persists the conversation to `store`.
 *
 * @example
 * const chat = createChatModel({ agentId: 'demo', endpoint: 'https://bff.example', store });
 * await chat.send('What are your opening hours?');
 */
export function createChatModel(options: ChatModelOptions): ChatModel {
  const transport = options.transport ?? createHttpQueryTransport(options);
  const conversationApi = options.conversationApi ?? createConversationApi(options);
  const now = options.now ?? Date.now;
  const scheduleFrame = options.scheduleFrame ?? defaultScheduleFrame;
  const store = options.store;

  const saved = store.load();
  // An answer still streaming when its page went away can never complete: show it stopped.
  const messages = signal<ChatMessage[]>(
    (saved?.messages ?? []).map((message) =>
      message.state === 'streaming' ? { ...message, state: 'stopped' } : message,
    ),
  );
  const status = signal<ChatStatus>('idle');
  const error = signal<ChatError | undefined>(undefined);
  let conversationId = saved?.conversationId;
  let visitorId = saved?.visitorId;
  let controller: AbortController | undefined;
  let sequence = 0;
  // Signed-in users: questions wait for the user's verification, and fail with its error.
  let ready: Promise<unknown> = Promise.resolve();

  const nextId = (): string => `${now().toString(36)}-${(sequence++).toString(36)}`;

  const persist = (): void => {
    const conversation: SavedConversation = { messages: messages.value, updatedAt: now() };
    if (conversationId) conversation.conversationId = conversationId;
    if (visitorId) conversation.visitorId = visitorId;
    handoff.save(conversation);
    contact.save(conversation);
    store.save(conversation);
  };

  const contact = createContactModel({
    api: conversationApi,
    messages,
    ids: () => ({ visitorId, conversationId }),
    persist,
  });

  const handoff = createHandoffModel({
    api: conversationApi,
    messages,
    ids: () => ({ visitorId, conversationId }),
    nextId,
    persist,
    onError: options.onError,
    offerContact: contact.offered,
  });
  handoff.restore(saved);
  contact.restore(saved, false);

  const updateLast = (patch: Partial<ChatMessage>): void => {
    const list = messages.value.slice();
    const last = list[list.length - 1];
    if (!last) return;
    list[list.length - 1] = { ...last, ...patch };
    messages.value = list;
  };

  const finish = (patch: Partial<ChatMessage>, failure?: ChatError): void => {
    batch(() => {
      updateLast(patch);
      error.value = failure;
      status.value = failure ? 'error' : 'idle';
    });
    persist();
    if (failure) options.onError?.(failure);
  };

  const finishDone = (result: StreamResult): void => {
    if (result.conversationId) {
      conversationId = result.conversationId;
      past.remember(conversationId);
    }
    if (result.visitorId) visitorId = result.visitorId;
    handoff.answered(result);
    finish(finishedAnswer(result));
    contact.answered(result.contactCapture);
    const detail: Parameters<NonNullable<ChatModelOptions['onAnswer']>>[0] = {
      text: result.answer,
      sources: result.sources,
    };
    if (conversationId) detail.conversationId = conversationId;
    if (result.messageId) detail.messageId = result.messageId;
    options.onAnswer?.(detail);
  };

  const past = createPastModel({
    api: conversationApi,
    store,
    ids: () => ready.then(() => ({ visitorId, conversationId })),
    load(id, response) {
      controller?.abort();
      controller = undefined;
      conversationId = id;
      const loaded = transcriptMessages(response, nextId);
      batch(() => {
        const restored: SavedConversation = {
          messages: loaded,
          updatedAt: now(),
          status: response.status,
        };
        const last = response.messages.at(-1)?.id;
        if (last) restored.pollAfter = last;
        handoff.restore(restored);
        contact.restore(undefined, false);
        messages.value = loaded;
        error.value = undefined;
        status.value = 'idle';
      });
      persist();
    },
    reset: () => reset(),
  });

  const unsubscribe = store.subscribe((conversation) => {
    if (status.value === 'submitted' || status.value === 'streaming') return;
    const same = conversation?.conversationId === conversationId;
    conversationId = conversation?.conversationId;
    // Cleared in another tab (a sign-out there, or expired): the visitor goes too.
    visitorId = conversation ? (conversation.visitorId ?? visitorId) : undefined;
    batch(() => {
      handoff.restore(conversation);
      contact.restore(conversation, same);
      messages.value = conversation?.messages ?? [];
      error.value = undefined;
      status.value = 'idle';
    });
  });

  async function send(input: string): Promise<void> {
    const text = input.trim().slice(0, QUERY_LENGTH_LIMIT.max);
    if (!text || status.value === 'submitted' || status.value === 'streaming') return;
    const query: ChatQuery = { query: text };

    const abort = new AbortController();
    controller = abort;
    // reset() aborts this request and lets a new one start at once: once superseded, this
    // one must leave the state alone (it would mark the new answer stopped or failed).
    const current = (): boolean => controller === abort;
    batch(() => {
      messages.value = [
        ...messages.value,
        { id: nextId(), role: 'user', text },
        { id: nextId(), role: 'assistant', text: '', state: 'streaming' },
      ];
      error.value = undefined;
      status.value = 'submitted';
    });
    persist();
    options.onMessage?.({ text });

    const answer = createFrameText(scheduleFrame, (text) => {
      if (current() && status.value === 'streaming') updateLast({ text });
    });

    const end = (failure: ChatError): void => {
      if (!current()) return;
      // The BFF no longer recognises this conversation as the visitor's (their id expired,
      // or the server's key changed): the next question starts a new one.
      if (failure.code === ERROR_CODE_NOT_FOUND && query.conversationId) conversationId = undefined;
      if (abort.signal.aborted) finish({ text: answer.text, state: 'stopped' });
      else finish({ text: answer.text, state: 'error', error: failure }, failure);
    };

    try {
      try {
        await ready;
      } catch (failure) {
        return end(failure as ChatError);
      }
      if (!current()) return;
      if (conversationId) query.conversationId = conversationId;
      if (visitorId) query.visitorId = visitorId;
      for await (const event of transport.sendQuery(query, { signal: abort.signal })) {
        if (!current()) return;
        switch (event.type) {
          case 'start':
            status.value = 'streaming';
            break;
          case 'text':
            answer.append(event.delta);
            break;
          case 'finish':
            return finishDone(event.result);
          case 'error':
            return end(event.error);
        }
      }
      // A transport reports nothing more only when aborted; anything else is a broken one.
      end({ code: ERROR_CODE_STREAM_INTERRUPTED, message: 'The answer ended early.' });
    } catch (cause) {
      end({
        code: ERROR_CODE_INVALID_STREAM,
        message: cause instanceof Error ? cause.message : String(cause),
      });
    } finally {
      if (current()) controller = undefined;
    }
  }

  function reset(): void {
    controller?.abort();
    controller = undefined;
    conversationId = undefined;
    batch(() => {
      handoff.restore(undefined);
      messages.value = [];
      status.value = 'idle';
      error.value = undefined;
      contact.restore(undefined, false);
    });
    if (visitorId) store.save({ visitorId, messages: [], updatedAt: now() });
    else store.clear();
  }

  return {
    messages,
    status,
    error,
    handoff,
    contact,
    past,
    send,
    stop() {
      controller?.abort();
    },
    async retry() {
      if (status.value !== 'error') return;
      const list = messages.value;
      let index = list.length - 1;
      while (index >= 0 && list[index]!.role !== 'user') index--;
      const question = list[index];
      if (!question) return;
      batch(() => {
        messages.value = list.slice(0, index);
        status.value = 'idle';
        error.value = undefined;
      });
      await send(question.text);
    },
    rate: createRateAnswer({
      api: conversationApi,
      messages,
      visitorId: () => visitorId,
      persist,
      onError: options.onError,
    }),
    reset,
    signIn(change) {
      const run = ready
        .catch(() => {})
        .then(() => change({ visitorId, conversationId }))
        .then((next) => {
          ({ visitorId, conversationId } = next);
          if (messages.value.length > 0) persist();
        });
      ready = run;
      return run;
    },
    logout() {
      visitorId = undefined;
      ready = Promise.resolve();
      reset();
    },
    destroy() {
      controller?.abort();
      unsubscribe();
    },
  };
}

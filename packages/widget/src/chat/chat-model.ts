import {
  createAnswerAccumulator,
  decodeSseStream,
  ERROR_CODES,
  isApiErrorBody,
  LIMITS,
  type QueryRequest,
  type QueryResponse,
  type Source,
} from '@agent-chat/protocol';
import { batch, type ReadonlySignal, signal } from '@preact/signals';
import type { ChatError, ChatMessage } from './chat-message.js';
import type { ConversationStore, SavedConversation } from './conversation-store.js';

/** `idle` (ready), `submitted` (waiting for the first byte), `streaming`, or `error`. */
export type ChatStatus = 'idle' | 'submitted' | 'streaming' | 'error';

/** Error codes the widget adds to the protocol's: no connection at all. */
export const CLIENT_ERROR_CODES = { offline: 'OFFLINE', network: 'NETWORK' } as const;

/** Options of {@link createChatModel}. I/O is injected so tests control it. */
export interface ChatModelOptions {
  agentId: string;
  /** BFF base URL, without a trailing slash. */
  endpoint: string;
  /** Where the conversation is persisted. */
  store: ConversationStore;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Clock. Default `Date.now`. */
  now?: () => number;
  /**
   * Schedules a render flush of streamed text; fragments arriving in between are batched.
   * Default `requestAnimationFrame` (or a 16 ms timer without it).
   */
  scheduleFrame?: (flush: () => void) => void;
  /** Whether the browser thinks it is online. Default `navigator.onLine`. */
  isOnline?: () => boolean;
  /** The visitor sent a message. */
  onMessage?: (detail: { text: string }) => void;
  /** An answer completed. */
  onAnswer?: (detail: {
    text: string;
    sources: Source[];
    conversationId?: string;
    messageId?: string;
  }) => void;
  /** A request or stream failed. */
  onError?: (error: ChatError) => void;
}

/** The chat state and its actions; knows nothing about the DOM. */
export interface ChatModel {
  readonly messages: ReadonlySignal<ChatMessage[]>;
  readonly status: ReadonlySignal<ChatStatus>;
  readonly error: ReadonlySignal<ChatError | undefined>;
  /** Sends a question (trimmed; ignored when empty or while an answer is in progress). */
  send(text: string): Promise<void>;
  /** Aborts the answer in progress, keeping what arrived. */
  stop(): void;
  /** Sends the last question again after an error. Only ever called by the visitor. */
  retry(): Promise<void>;
  /** Starts a new conversation (keeps the visitor id). */
  reset(): void;
  /** Stops listening to other tabs and aborts any request. */
  destroy(): void;
}

function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

async function errorFromResponse(response: Response, now: number): Promise<ChatError> {
  let code: string = response.status === 429 ? ERROR_CODES.rateLimited : ERROR_CODES.upstreamError;
  if (response.status === 402) code = ERROR_CODES.usageLimit;
  let message = `The server answered ${response.status}.`;
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) ({ code, message } = body.error);
  } catch {
    // Not JSON (a proxy's HTML page, say): the status decides.
  }
  const error: ChatError = { code, message, status: response.status };
  const wait = retryAfterSeconds(response.headers.get('Retry-After'), now);
  if (wait !== undefined) error.retryAfterSeconds = wait;
  return error;
}

function defaultScheduleFrame(flush: () => void): void {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
}

/**
 * Creates the chat model of one widget: messages, status and error as signals; `send()`
 * streams an answer from `POST {endpoint}/api/agents/{agentId}/query` through the
 * protocol decoder, flushing text to `messages` at most once per frame.
 *
 * @example
 * const chat = createChatModel({ agentId: 'demo', endpoint: 'https://bff.example', store });
 * await chat.send('What are your opening hours?');
 */
export function createChatModel(options: ChatModelOptions): ChatModel {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const scheduleFrame = options.scheduleFrame ?? defaultScheduleFrame;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const url = `${options.endpoint}/api/agents/${encodeURIComponent(options.agentId)}/query`;
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

  const nextId = (): string => `${now().toString(36)}-${(sequence++).toString(36)}`;

  const persist = (): void => {
    const conversation: SavedConversation = { messages: messages.value, updatedAt: now() };
    if (conversationId) conversation.conversationId = conversationId;
    if (visitorId) conversation.visitorId = visitorId;
    store.save(conversation);
  };

  const updateLast = (patch: Partial<ChatMessage>): void => {
    const list = messages.value.slice();
    const last = list[list.length - 1];
    if (!last) return;
    list[list.length - 1] = { ...last, ...patch };
    messages.value = list;
  };

  const fail = (failure: ChatError, text: string): void => {
    batch(() => {
      updateLast({ text, state: 'error', error: failure });
      error.value = failure;
      status.value = 'error';
    });
    persist();
    options.onError?.(failure);
  };

  const unsubscribe = store.subscribe((conversation) => {
    if (status.value === 'submitted' || status.value === 'streaming') return;
    conversationId = conversation?.conversationId;
    visitorId = conversation?.visitorId ?? visitorId;
    batch(() => {
      messages.value = conversation?.messages ?? [];
      error.value = undefined;
      status.value = 'idle';
    });
  });

  async function send(input: string): Promise<void> {
    const query = input.trim().slice(0, LIMITS.queryLength.max);
    if (!query || status.value === 'submitted' || status.value === 'streaming') return;
    const request: Pick<QueryRequest, 'query' | 'conversationId' | 'visitorId' | 'streaming'> = {
      query,
      streaming: true,
    };
    if (conversationId) request.conversationId = conversationId;
    if (visitorId) request.visitorId = visitorId;

    const abort = new AbortController();
    controller = abort;
    batch(() => {
      messages.value = [
        ...messages.value,
        { id: nextId(), role: 'user', text: query },
        { id: nextId(), role: 'assistant', text: '', state: 'streaming' },
      ];
      error.value = undefined;
      status.value = 'submitted';
    });
    persist();
    options.onMessage?.({ text: query });

    let answer = '';
    let flushScheduled = false;
    const flush = (): void => {
      flushScheduled = false;
      if (controller === abort && status.value === 'streaming') updateLast({ text: answer });
    };

    try {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify(request),
          signal: abort.signal,
          credentials: 'omit',
        });
      } catch (cause) {
        if (abort.signal.aborted) return finishStopped('');
        const offline = !isOnline();
        return failCurrent(
          {
            code: offline ? CLIENT_ERROR_CODES.offline : CLIENT_ERROR_CODES.network,
            message: cause instanceof Error ? cause.message : String(cause),
          },
          '',
        );
      }
      if (controller !== abort) return;
      if (!response.ok) return failCurrent(await errorFromResponse(response, now()), '');
      if (!response.body || !response.headers.get('Content-Type')?.includes('text/event-stream')) {
        let body: Partial<QueryResponse> | undefined;
        try {
          body = (await response.json()) as Partial<QueryResponse> | undefined;
        } catch {
          // An HTML page (a misrouted endpoint, a captive portal): reported below.
        }
        if (typeof body?.answer !== 'string') {
          return failCurrent(
            {
              code: ERROR_CODES.upstreamError,
              message: `The server answered ${response.status} with neither a stream nor an answer.`,
              status: response.status,
            },
            '',
          );
        }
        return finishDone({
          ...body,
          answer: body.answer,
          sources: Array.isArray(body.sources) ? body.sources : [],
        });
      }
      status.value = 'streaming';
      const accumulator = createAnswerAccumulator();
      for await (const event of decodeSseStream(response.body, { dialect: 'spec' })) {
        const state = accumulator.push(event);
        if (state.answer !== answer) {
          answer = state.answer;
          if (!flushScheduled) {
            flushScheduled = true;
            scheduleFrame(flush);
          }
        }
      }
      const state = accumulator.state;
      if (abort.signal.aborted) return finishStopped(state.answer);
      if (state.status === 'done') return finishDone(state.result);
      const failure =
        state.status === 'error'
          ? state.error
          : { code: ERROR_CODES.streamInterrupted, message: 'The stream ended early.' };
      return failCurrent(failure, state.answer);
    } catch (cause) {
      if (abort.signal.aborted) return finishStopped(answer);
      return failCurrent(
        {
          code: ERROR_CODES.invalidStream,
          message: cause instanceof Error ? cause.message : String(cause),
        },
        answer,
      );
    } finally {
      if (controller === abort) controller = undefined;
    }

    // reset() aborts this request and lets a new one start at once: once superseded, this
    // one must leave the state alone (it would mark the new answer stopped or failed).
    function failCurrent(failure: ChatError, text: string): void {
      if (controller === abort) fail(failure, text);
    }
    function finishStopped(text: string): void {
      if (controller !== abort) return;
      batch(() => {
        updateLast({ text, state: 'stopped' });
        status.value = 'idle';
      });
      persist();
    }

    function finishDone(result: {
      answer: string;
      sources: Source[];
      conversationId?: string;
      visitorId?: string;
      messageId?: string;
    }): void {
      if (controller !== abort) return;
      if (result.conversationId) conversationId = result.conversationId;
      if (result.visitorId) visitorId = result.visitorId;
      batch(() => {
        updateLast({ text: result.answer, sources: result.sources, state: 'done' });
        status.value = 'idle';
      });
      persist();
      const detail: Parameters<NonNullable<ChatModelOptions['onAnswer']>>[0] = {
        text: result.answer,
        sources: result.sources,
      };
      if (conversationId) detail.conversationId = conversationId;
      if (result.messageId) detail.messageId = result.messageId;
      options.onAnswer?.(detail);
    }
  }

  return {
    messages,
    status,
    error,
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
    reset() {
      controller?.abort();
      controller = undefined;
      conversationId = undefined;
      batch(() => {
        messages.value = [];
        status.value = 'idle';
        error.value = undefined;
      });
      if (visitorId) store.save({ visitorId, messages: [], updatedAt: now() });
      else store.clear();
    },
    destroy() {
      controller?.abort();
      unsubscribe();
    },
  };
}

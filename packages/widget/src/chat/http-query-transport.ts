import {
  createAnswerAccumulator,
  decodeSseStream,
  ERROR_CODE_INVALID_STREAM,
  ERROR_CODE_NETWORK,
  ERROR_CODE_OFFLINE,
  ERROR_CODE_STREAM_INTERRUPTED,
  ERROR_CODE_UPSTREAM_ERROR,
  type QueryRequest,
  type QueryResponse,
} from '@agent-chat/protocol';
import type { ChatError } from './chat-error.js';
import type { QueryEvent, QueryTransport } from './query-transport.js';
import { errorFromResponse } from './response-error.js';

/** Options of {@link createHttpQueryTransport}. I/O is injected so tests control it. */
export interface HttpQueryTransportOptions {
  agentId: string;
  /** BFF base URL, without a trailing slash. */
  endpoint: string;
  /** Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Clock, to read `Retry-After` dates. Default `Date.now`. */
  now?: () => number;
  /** Whether the browser thinks it is online (tells `OFFLINE` from `NETWORK`). Default `navigator.onLine`. */
  isOnline?: () => boolean;
}

const messageOf = (cause: unknown): string =>
  cause instanceof Error ? cause.message : String(cause);

async function answerFromJson(response: Response): Promise<QueryEvent> {
  let body: Partial<QueryResponse> | undefined;
  try {
    body = (await response.json()) as Partial<QueryResponse> | undefined;
  } catch {
    // An HTML page (a misrouted endpoint, a captive portal): reported below.
  }
  if (typeof body?.answer !== 'string') {
    const error: ChatError = {
      code: ERROR_CODE_UPSTREAM_ERROR,
      message: `The server answered ${response.status} with neither a stream nor an answer.`,
      status: response.status,
    };
    return { type: 'error', error };
  }
  return {
    type: 'finish',
    result: {
      ...body,
      answer: body.answer,
      sources: Array.isArray(body.sources) ? body.sources : [],
    },
  };
}

/**
 * The widget's {@link QueryTransport}: `POST {endpoint}/api/agents/{agentId}/query` with
 * `streaming: true` (credentials omitted), decoded with the protocol's `decodeSseStream`
 * (spec dialect). Also accepts a JSON answer from a server that does not stream. HTTP
 * errors become `error` events with the server's code (or one chosen by the status) and
 * the `Retry-After` wait; a failed fetch is `OFFLINE` or `NETWORK`; a stream that breaks
 * or ends early is an `error` after the text that arrived.
 *
 * @example
 * const transport = createHttpQueryTransport({ agentId: 'demo', endpoint: 'https://bff.example' });
 * const chat = createChatModel({ agentId: 'demo', endpoint: 'https://bff.example', store, transport });
 */
export function createHttpQueryTransport(options: HttpQueryTransportOptions): QueryTransport {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? Date.now;
  const isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine !== false);
  const url = `${options.endpoint}/api/agents/${encodeURIComponent(options.agentId)}/query`;

  return {
    async *sendQuery(query, { signal }) {
      const request: Pick<QueryRequest, 'query' | 'conversationId' | 'visitorId' | 'streaming'> = {
        query: query.query,
        streaming: true,
      };
      if (query.conversationId) request.conversationId = query.conversationId;
      if (query.visitorId) request.visitorId = query.visitorId;

      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
          body: JSON.stringify(request),
          signal,
          credentials: 'omit',
        });
      } catch (cause) {
        if (signal.aborted) return;
        const code = isOnline() ? ERROR_CODE_NETWORK : ERROR_CODE_OFFLINE;
        yield { type: 'error', error: { code, message: messageOf(cause) } };
        return;
      }
      if (!response.ok) {
        const error = await errorFromResponse(response, now());
        if (!signal.aborted) yield { type: 'error', error };
        return;
      }
      if (!response.body || !response.headers.get('Content-Type')?.includes('text/event-stream')) {
        const event = await answerFromJson(response);
        if (!signal.aborted) yield event;
        return;
      }

      yield { type: 'start' };
      const accumulator = createAnswerAccumulator();
      try {
        for await (const event of decodeSseStream(response.body, { dialect: 'spec' })) {
          // Aborting errors the body, which the decoder reports as an interruption: not one.
          if (signal.aborted) return;
          accumulator.push(event);
          if (event.type === 'answer' && event.text) yield { type: 'text', delta: event.text };
        }
      } catch (cause) {
        if (signal.aborted) return;
        yield {
          type: 'error',
          error: { code: ERROR_CODE_INVALID_STREAM, message: messageOf(cause) },
        };
        return;
      }
      if (signal.aborted) return;
      const state = accumulator.state;
      if (state.status === 'done') yield { type: 'finish', result: state.result };
      else if (state.status === 'error') yield { type: 'error', error: state.error };
      else {
        const error = { code: ERROR_CODE_STREAM_INTERRUPTED, message: 'The stream ended early.' };
        yield { type: 'error', error };
      }
    },
  };
}

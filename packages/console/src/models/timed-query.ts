import {
  CLIENT_ERROR_CODES,
  createAnswerAccumulator,
  decodeSseStream,
  ERROR_CODES,
  type StreamResult,
} from '@agent-chat/protocol';
import { ConsoleApiError } from './api-client.js';

/** Times of one query, in ms from the moment it was sent. */
export interface QueryTimings {
  /** The response's headers arrived (time to first byte). */
  firstByteMs?: number;
  /** The first fragment of answer text arrived. */
  firstAnswerMs?: number;
  /** The stream ended with the whole answer. */
  totalMs?: number;
}

/** What {@link runTimedQuery} sends and where it reports progress. */
export interface TimedQueryRequest {
  /** `<mount>/api/agents/<id>/query`: the public query route, as the widget calls it. */
  url: string;
  query: string;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** The answer so far, after each fragment. */
  onAnswer(answer: string): void;
  onTimings(timings: QueryTimings): void;
}

/**
 * Asks an agent as a visitor would (a streamed query through the BFF's public route) and
 * measures it in the page: time to first byte, to the first answer text, and to the end.
 * Resolves to the final answer with its sources and (signed) ids; rejects with a
 * {@link ConsoleApiError} carrying the API's error, or the stream's `[ERROR]`.
 */
export async function runTimedQuery(request: TimedQueryRequest): Promise<StreamResult> {
  const fetchImpl = request.fetch ?? globalThis.fetch.bind(globalThis);
  const started = performance.now();
  const timings: QueryTimings = {};
  const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      credentials: 'same-origin',
      body: JSON.stringify({ query: request.query, streaming: true }),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (cause) {
    if (request.signal?.aborted)
      throw new ConsoleApiError(0, CLIENT_ERROR_CODES.aborted, 'Stopped.', { cause });
    throw new ConsoleApiError(0, CLIENT_ERROR_CODES.network, 'The server could not be reached.', {
      cause,
    });
  }
  timings.firstByteMs = elapsed();
  request.onTimings({ ...timings });
  if (!response.ok || !response.body) {
    let code: string = CLIENT_ERROR_CODES.httpError;
    let message = `The server answered ${response.status}.`;
    try {
      const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
      if (typeof body.error?.code === 'string') code = body.error.code;
      if (typeof body.error?.message === 'string') message = body.error.message;
    } catch {
      // Not the API's JSON: the status says it.
    }
    throw new ConsoleApiError(response.status, code, message);
  }
  const accumulator = createAnswerAccumulator();
  try {
    for await (const event of decodeSseStream(response.body)) {
      const state = accumulator.push(event);
      if (event.type === 'answer' && event.text !== '') {
        if (timings.firstAnswerMs === undefined) {
          timings.firstAnswerMs = elapsed();
          request.onTimings({ ...timings });
        }
        request.onAnswer(state.answer);
      }
    }
  } catch (cause) {
    if (request.signal?.aborted)
      throw new ConsoleApiError(0, CLIENT_ERROR_CODES.aborted, 'Stopped.', { cause });
    throw new ConsoleApiError(0, CLIENT_ERROR_CODES.network, 'The answer stream was cut off.', {
      cause,
    });
  }
  // The decoder reports a read that failed as a cut-off stream: stopped is what happened.
  if (request.signal?.aborted) throw new ConsoleApiError(0, CLIENT_ERROR_CODES.aborted, 'Stopped.');
  const state = accumulator.state;
  if (state.status === 'error') {
    throw new ConsoleApiError(response.status, state.error.code, state.error.message);
  }
  if (state.status !== 'done') {
    throw new ConsoleApiError(
      0,
      ERROR_CODES.streamInterrupted,
      'The answer stream ended before the answer was complete.',
    );
  }
  timings.totalMs = elapsed();
  request.onTimings({ ...timings });
  request.onAnswer(state.result.answer);
  return state.result;
}

import { readContactOffer } from './contact-rules.js';
import type { ContactOffer } from './contacts.js';
import { CONVERSATION_STATUSES, type ConversationStatus } from './conversations.js';
import { ERROR_CODE_INVALID_STREAM, ERROR_CODE_STREAM_INTERRUPTED } from './error-codes.js';
import { readFollowUps } from './follow-up-rules.js';
import { ProtocolError } from './protocol-error.js';
import type { Source } from './source.js';
import { type ByteSource, decodeSseStream, type SseDecoderOptions } from './sse-decoder.js';
import type { StreamEvent } from './stream-event.js';

/** What a finished stream amounts to: the full answer plus the final response fields. */
export interface StreamResult {
  answer: string;
  sources: Source[];
  conversationId?: string;
  visitorId?: string;
  messageId?: string;
  /** The conversation's status (our service's extension; see `QueryResponse.status`). */
  status?: ConversationStatus;
  /** Whether the agent offers a person to talk to (our service's extension). */
  handoffEnabled?: boolean;
  /** The contact form to offer now (our service's extension; see `QueryResponse.contactCapture`). */
  contactCapture?: ContactOffer;
  /** Questions to offer next (our service's extension; see `QueryResponse.followUps`). */
  followUps?: string[];
}

/** The accumulator's view of a stream so far. */
export type AccumulatorState =
  | { status: 'streaming'; answer: string }
  | { status: 'done'; answer: string; result: StreamResult }
  | { status: 'error'; answer: string; error: { code: string; message: string } };

/** Folds stream events into an answer; see {@link createAnswerAccumulator}. */
export interface AnswerAccumulator {
  /** Applies one event and returns the new state. Events after `done`/`error` are ignored. */
  push(event: StreamEvent): AccumulatorState;
  /** The current state. */
  readonly state: AccumulatorState;
}

function parseEndpointResponse(json: string, answer: string): AccumulatorState {
  if (json.trim() === '') {
    return { status: 'done', answer, result: { answer, sources: [] } };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    return {
      status: 'error',
      answer,
      error: {
        code: ERROR_CODE_INVALID_STREAM,
        message: `The final endpoint_response of the stream is not valid JSON (${(error as Error).message}).`,
      },
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return {
      status: 'error',
      answer,
      error: {
        code: ERROR_CODE_INVALID_STREAM,
        message: 'The final endpoint_response of the stream is not a JSON object.',
      },
    };
  }
  const fields = parsed as Record<string, unknown>;
  const finalAnswer = answer || (typeof fields.answer === 'string' ? fields.answer : '');
  const result: StreamResult = {
    answer: finalAnswer,
    sources: Array.isArray(fields.sources) ? (fields.sources as Source[]) : [],
  };
  for (const key of ['conversationId', 'visitorId', 'messageId'] as const) {
    const value = fields[key];
    if (typeof value === 'string') result[key] = value;
  }
  if (CONVERSATION_STATUSES.includes(fields.status as ConversationStatus)) {
    result.status = fields.status as ConversationStatus;
  }
  if (typeof fields.handoffEnabled === 'boolean') result.handoffEnabled = fields.handoffEnabled;
  const offer = readContactOffer(fields.contactCapture);
  if (offer) result.contactCapture = offer;
  const followUps = readFollowUps(fields.followUps);
  if (followUps && followUps.length > 0) result.followUps = followUps;
  return { status: 'done', answer: finalAnswer, result };
}

/**
 * Creates an accumulator that concatenates `answer` fragments and, at `[DONE]`, parses the
 * concatenated `endpoint_response` fragments into the final result.
 *
 * @example
 * const accumulator = createAnswerAccumulator();
 * for await (const event of decodeSseStream(body)) render(accumulator.push(event));
 */
export function createAnswerAccumulator(): AnswerAccumulator {
  let state: AccumulatorState = { status: 'streaming', answer: '' };
  let endpointJson = '';
  return {
    push(event) {
      if (state.status !== 'streaming') return state;
      switch (event.type) {
        case 'answer':
          state = { status: 'streaming', answer: state.answer + event.text };
          break;
        case 'endpoint_response':
          endpointJson += event.json;
          break;
        case 'done':
          state = parseEndpointResponse(endpointJson, state.answer);
          break;
        case 'error':
          state = {
            status: 'error',
            answer: state.answer,
            error: { code: event.code, message: event.message },
          };
          break;
        case 'heartbeat':
          break;
      }
      return state;
    },
    get state() {
      return state;
    },
  };
}

/**
 * Reads a whole query stream and resolves with its result; rejects with a
 * {@link ProtocolError} carrying the stream's error code when the stream fails.
 */
export async function readQueryStream(
  source: ByteSource,
  options: SseDecoderOptions = {},
): Promise<StreamResult> {
  const accumulator = createAnswerAccumulator();
  for await (const event of decodeSseStream(source, options)) accumulator.push(event);
  const state = accumulator.state;
  if (state.status === 'done') return state.result;
  if (state.status === 'error') throw new ProtocolError(state.error.code, state.error.message);
  throw new ProtocolError(
    ERROR_CODE_STREAM_INTERRUPTED,
    'The stream ended before the answer was complete.',
  );
}

import type { QueryRequest, StreamResult } from '@agent-chat/protocol';
import type { ChatError } from './chat-error.js';

/** The fields of a query the widget sets; everything else is the BFF operator's policy. */
export type ChatQuery = Pick<QueryRequest, 'query' | 'conversationId' | 'visitorId'>;

/**
 * What a {@link QueryTransport} reports about one query, in this order:
 *
 * - `start`: the answer is streaming (at most once; a JSON answer has none);
 * - `text`: the next fragment of the answer (never empty);
 * - then exactly one of `finish` (the complete answer; its `answer` is authoritative) or
 *   `error` (the text fragments so far are the partial answer) — or nothing at all when
 *   the query was aborted through its `signal`.
 */
export type QueryEvent =
  | { type: 'start' }
  | { type: 'text'; delta: string }
  | { type: 'finish'; result: StreamResult }
  | { type: 'error'; error: ChatError };

/** Options of one {@link QueryTransport.sendQuery} call. */
export interface SendQueryOptions {
  /** Aborting it ends the events quietly, with no `error`. */
  signal: AbortSignal;
}

/**
 * How the chat model talks to the server: sends one query and yields its events. It knows
 * nothing of the chat state, so it can be replaced (tests, another backend) through
 * `createChatModel({ transport })`. It never retries by itself: a retry is the visitor's
 * decision, made through the model. Failures are `error` events, never thrown.
 * The default is {@link createHttpQueryTransport}.
 *
 * @example
 * for await (const event of transport.sendQuery({ query: 'Hi' }, { signal })) {
 *   if (event.type === 'text') process.stdout.write(event.delta);
 * }
 */
export interface QueryTransport {
  sendQuery(query: ChatQuery, options: SendQueryOptions): AsyncIterable<QueryEvent>;
}

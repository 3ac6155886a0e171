/**
 * Asking: one question answered the same way whichever route it came by (the query
 * route, the OpenAI-compatible `/v1/chat/completions`): conversation, usage limit,
 * follow-up condensing, retrieval, the answer's fragments and citations, the stored
 * exchange; then the answer as JSON or streamed as server-sent events in the route's
 * dialect, with heartbeats, backpressure and work stopped when the client leaves.
 */
export type { AskingContext } from './asking-context.js';
export { clientSignal } from './client-signal.js';
export { prepareAnswer } from './prepare-answer.js';
export { type AnswerFraming, streamAnswer, wholeAnswer } from './streamed-answer.js';

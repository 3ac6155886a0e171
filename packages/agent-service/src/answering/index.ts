/**
 * Answering: turns a question, its retrieved passages and the conversation so far into
 * an answer streamed as text fragments. Two answerers: the extractive one (no model, no
 * network; the default) and one backed by any OpenAI-compatible chat-completions API,
 * whose model also condenses follow-up questions into standalone ones before retrieval.
 */
export {
  type Answerer,
  type AnswerInput,
  type AnswerPart,
  type AnswerSettings,
  answerSettings,
} from './answerer.js';
export { DECLINE_SENTENCES, NOTHING_FOUND_ANSWER } from './decline.js';
export { createExtractiveAnswerer, type ExtractiveAnswererOptions } from './extractive-answerer.js';
export { suggestFollowUps } from './follow-up-suggestions.js';
export { createOpenAiAnswerer, type OpenAiAnswererOptions } from './openai-answerer.js';
export { DEFAULT_MODEL_TIMEOUT_MS } from './openai-chat-stream.js';
export {
  type CondenseInput,
  createQuestionCondenser,
  type QuestionCondenser,
} from './question-condenser.js';

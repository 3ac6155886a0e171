import type { Source } from './source.js';

/**
 * The OpenAI-compatible API of the agent service (`/v1`): the wire types of OpenAI's chat
 * completions and models endpoints, as far as the service speaks them, so the clients
 * people already have (the `openai` SDKs, LangChain's `ChatOpenAI`, Open WebUI) talk to
 * an agent as to a model. The agent id is the model id.
 */

/** A text part of a message's content (OpenAI's content-part form; only text is supported). */
export interface ChatCompletionTextPart {
  type: 'text';
  text: string;
}

/** One message of a chat completion request. */
export interface ChatCompletionRequestMessage {
  /**
   * `user` and `assistant` turns make the conversation; a `system` (or `developer`)
   * message is extra instructions for the agent's prompt.
   */
  role: 'system' | 'developer' | 'user' | 'assistant';
  /** Text, or text parts joined together; `null` or absent counts as empty. */
  content?: string | ChatCompletionTextPart[] | null | undefined;
  /** Accepted and ignored. */
  name?: string | undefined;
}

/**
 * Body of `POST /v1/chat/completions`. Fields not listed here (`temperature`,
 * `max_tokens`, `stream_options`, `stop`, `seed`, …) are accepted and ignored: the
 * agent's own settings apply. Those whose silent loss would mislead are refused with 400:
 * `n` above 1, non-empty `tools` or `functions`, a JSON `response_format`.
 */
export interface ChatCompletionRequest {
  /** The agent id (see `GET /v1/models`). */
  model: string;
  /** Oldest first; the last `user` message is the question. */
  messages: ChatCompletionRequestMessage[];
  /** `true`: `chat.completion.chunk` events, then `data: [DONE]`. */
  stream?: boolean | null;
  /** Becomes the conversation's visitorId (hashed into one when it is not an id). */
  user?: string | null;
  /** Only 1 (the agent gives one answer). */
  n?: number | null;
  /** Refused unless empty: agents call no tools. */
  tools?: unknown[] | null;
  /** Refused unless empty (the deprecated form of `tools`). */
  functions?: unknown[] | null;
  /** Only `{"type":"text"}`: agents answer in prose. */
  response_format?: { type: 'text' } | null;
}

/** Token counts of a completion; estimated (about 4 characters a token) where no model counts them. */
export interface ChatCompletionUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** Why a choice ended: always `stop` here (no tools, no token limit). */
export type ChatCompletionFinishReason = 'stop';

/** Response of `POST /v1/chat/completions` without `stream`. */
export interface ChatCompletion {
  /** `chatcmpl-` and a new random id (the same on every chunk of a stream). */
  id: string;
  object: 'chat.completion';
  /** Unix time, seconds. */
  created: number;
  /** The agent id. */
  model: string;
  choices: {
    index: 0;
    message: { role: 'assistant'; content: string; refusal: null };
    finish_reason: ChatCompletionFinishReason;
    logprobs: null;
  }[];
  usage: ChatCompletionUsage;
  /** The sources the answer cites as `[n]` (our extension: the query route's sources). */
  sources: Source[];
  /** The conversation the exchange is stored in (our extension). */
  conversation_id: string;
  /** The visitor of that conversation: `user`, or a new one (our extension). */
  visitor_id: string;
}

/** One event of a streamed completion. */
export interface ChatCompletionChunk {
  /** The same for every chunk of one completion. */
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: {
    index: 0;
    delta: { role?: 'assistant'; content?: string };
    finish_reason: ChatCompletionFinishReason | null;
    logprobs: null;
  }[];
  /** On the final chunk only. */
  usage?: ChatCompletionUsage;
  /** On the final chunk only (our extension). */
  sources?: Source[];
  /** On the final chunk only (our extension). */
  conversation_id?: string;
  /** On the final chunk only (our extension). */
  visitor_id?: string;
}

/** An agent as a model (`GET /v1/models/{id}`). */
export interface OpenAiModel {
  /** The agent id. */
  id: string;
  object: 'model';
  /** When the agent was created, Unix time in seconds. */
  created: number;
  /** The organization's name. */
  owned_by: string;
  /** The agent's name (our extension; Open WebUI shows it). */
  name: string;
}

/** Response of `GET /v1/models`: the organization's agents. */
export interface OpenAiModelList {
  object: 'list';
  data: OpenAiModel[];
}

/**
 * The error body of every `/v1` failure, in OpenAI's shape (so the SDKs raise their typed
 * errors), and the payload of a stream's error event.
 */
export interface OpenAiErrorBody {
  error: {
    message: string;
    /** `invalid_request_error`, `authentication_error`, `insufficient_quota`, `server_error`, … */
    type: string;
    /** The request field at fault, or null. */
    param: string | null;
    /** `invalid_api_key`, `model_not_found`, `insufficient_quota`, … or null. */
    code: string | null;
  };
}

/** What a streamed completion carries, keyed by `type` (framed by `encodeChatCompletionEvent`). */
export type ChatCompletionStreamEvent =
  | { type: 'chunk'; chunk: ChatCompletionChunk }
  | { type: 'error'; body: OpenAiErrorBody }
  | { type: 'done' }
  | { type: 'heartbeat' };

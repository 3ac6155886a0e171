import { ERROR_CODES } from '@agent-chat/protocol';
import { createParser } from 'eventsource-parser';
import { AgentServiceError } from '../agent-service-error.js';

/** One message of an OpenAI chat-completions request. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Body of an OpenAI-compatible `POST /chat/completions` (the fields we send). */
interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  top_p?: number;
  max_tokens?: number;
  presence_penalty?: number;
  frequency_penalty?: number;
}

/** Longest silence of the model (before its response, or between two chunks), ms. */
export const DEFAULT_MODEL_TIMEOUT_MS = 60_000;

/** Options of {@link streamChatCompletion}. */
interface ChatCompletionStreamOptions {
  /** Base URL of the API, e.g. `https://api.openai.com/v1` (`/chat/completions` is appended). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. Never logged or echoed. */
  apiKey?: string | undefined;
  request: ChatCompletionRequest;
  signal: AbortSignal;
  /** Longest wait for the response or for the next chunk, ms. Default {@link DEFAULT_MODEL_TIMEOUT_MS}. */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

function upstreamError(message: string, cause?: unknown): AgentServiceError {
  return new AgentServiceError(ERROR_CODES.upstreamError, 502, message, { cause });
}

async function describeFailure(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const message = typeof parsed.error === 'string' ? parsed.error : parsed.error?.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // Not JSON: fall back to the status line.
  }
  return response.statusText || 'no details';
}

/**
 * Calls an OpenAI-compatible chat-completions endpoint with `stream: true` and yields the
 * content deltas as they arrive. OpenAI streams its own SSE format (`data: {json}` …
 * `data: [DONE]`), read here with eventsource-parser; it is not our wire format.
 *
 * Throws {@link AgentServiceError} (`UPSTREAM_AUTH`, `UPSTREAM_ERROR`, both 502;
 * `UPSTREAM_TIMEOUT`, 504, after `idleTimeoutMs` of silence) on failure; returns quietly
 * when `signal` aborts.
 */
export async function* streamChatCompletion(
  options: ChatCompletionStreamOptions,
): AsyncGenerator<string> {
  const fetchImplementation = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const host = new URL(url).host;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS;
  const controller = new AbortController();
  const forwardAbort = () => controller.abort();
  options.signal.addEventListener('abort', forwardAbort, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const armTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, idleTimeoutMs);
  };
  const timeoutError = () =>
    new AgentServiceError(
      ERROR_CODES.upstreamTimeout,
      504,
      `The language model at ${host} sent nothing for ${idleTimeoutMs} ms.`,
    );
  try {
    yield* readCompletion();
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', forwardAbort);
  }

  async function* readCompletion(): AsyncGenerator<string> {
    let response: Response;
    try {
      armTimer();
      response = await fetchImplementation(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({ ...options.request, stream: true }),
        signal: controller.signal,
      });
      clearTimeout(timer);
    } catch (error) {
      if (options.signal.aborted) return;
      if (timedOut) throw timeoutError();
      throw upstreamError(
        `Could not reach the language model at ${host}: ${(error as Error).message}.`,
        error,
      );
    }
    if (!response.ok || !response.body) {
      const detail = await describeFailure(response);
      if (response.status === 401 || response.status === 403) {
        throw new AgentServiceError(
          ERROR_CODES.upstreamAuth,
          502,
          `The language model at ${host} rejected the API key (HTTP ${response.status}); check LLM_API_KEY.`,
        );
      }
      throw upstreamError(
        `The language model at ${host} answered HTTP ${response.status}: ${detail}`,
      );
    }

    const pending: string[] = [];
    let finished = false;
    let failure: AgentServiceError | undefined;
    const parser = createParser({
      onEvent(event) {
        if (finished) return;
        if (event.data === '[DONE]') {
          finished = true;
          return;
        }
        let payload: {
          choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
          error?: { message?: unknown };
        };
        try {
          payload = JSON.parse(event.data);
        } catch {
          failure ??= upstreamError(`The language model at ${host} sent a frame that is not JSON.`);
          return;
        }
        if (payload.error) {
          failure ??= upstreamError(
            `The language model at ${host} failed: ${String(payload.error.message ?? 'unknown error')}`,
          );
          return;
        }
        const choice = payload.choices?.[0];
        const content = choice?.delta?.content;
        if (typeof content === 'string' && content !== '') pending.push(content);
      },
    });

    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      while (!finished && !failure) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          // Only the model's silence counts, not time spent waiting for a slow client.
          armTimer();
          chunk = await reader.read();
          clearTimeout(timer);
        } catch (error) {
          if (options.signal.aborted) return;
          if (timedOut) throw timeoutError();
          throw upstreamError(`The stream from the language model at ${host} broke.`, error);
        }
        if (chunk.done) {
          parser.feed(decoder.decode());
          break;
        }
        parser.feed(decoder.decode(chunk.value, { stream: true }));
        while (pending.length > 0) yield pending.shift() as string;
      }
      while (pending.length > 0) yield pending.shift() as string;
      if (failure) throw failure;
      if (!finished) {
        throw upstreamError(`The stream from the language model at ${host} ended before [DONE].`);
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  }
}

import { ERROR_CODES, type OpenAiErrorBody } from '@agent-chat/protocol';
import { AgentServiceError } from '../agent-service-error.js';
import { MODEL_NOT_FOUND } from './model-not-found.js';

/** An error as a `/v1` response: OpenAI's status and body, so its SDKs raise the typed error. */
export interface OpenAiError {
  status: number;
  body: OpenAiErrorBody;
}

/** Where OpenAI's error fields differ from the service's code. */
interface Shape {
  status?: number;
  type: string;
  code?: string;
}

/**
 * The service's error codes in OpenAI's terms. The usage limit is OpenAI's quota error
 * (429 `insufficient_quota`, where the query route answers 402), so clients that retry on
 * 429 see their usual signal; the upstream model's failures keep their 502/504.
 */
const shapes: Record<string, Shape> = {
  [ERROR_CODES.invalidRequest]: { type: 'invalid_request_error' },
  [ERROR_CODES.unauthorized]: { type: 'invalid_request_error', code: 'invalid_api_key' },
  [ERROR_CODES.forbidden]: { type: 'permission_error' },
  [ERROR_CODES.notFound]: { type: 'invalid_request_error' },
  [MODEL_NOT_FOUND]: { type: 'invalid_request_error', code: 'model_not_found' },
  [ERROR_CODES.payloadTooLarge]: { type: 'invalid_request_error' },
  [ERROR_CODES.usageLimit]: { status: 429, type: 'insufficient_quota', code: 'insufficient_quota' },
  [ERROR_CODES.upstreamAuth]: { type: 'server_error', code: 'upstream_auth' },
  [ERROR_CODES.upstreamError]: { type: 'server_error', code: 'upstream_error' },
  [ERROR_CODES.upstreamTimeout]: { type: 'server_error', code: 'upstream_timeout' },
};

/** A failure of the request itself, in OpenAI's shape (e.g. `model_not_found`). */
export function openAiError(
  status: number,
  message: string,
  fields: { type?: string; param?: string | null; code?: string | null } = {},
): OpenAiError {
  return {
    status,
    body: {
      error: {
        message,
        type: fields.type ?? 'invalid_request_error',
        param: fields.param ?? null,
        code: fields.code ?? null,
      },
    },
  };
}

/**
 * Any error of a `/v1` request as OpenAI's response: service errors keep their status
 * (except the usage limit, 429) and message; anything else is a 500 with a generic
 * message (the details go to the log, never to the client).
 */
export function toOpenAiError(error: unknown): OpenAiError {
  if (!(error instanceof AgentServiceError)) {
    return openAiError(500, 'The agent service failed to answer.', { type: 'server_error' });
  }
  const shape = shapes[error.code] ?? {
    type: error.status >= 500 ? 'server_error' : 'invalid_request_error',
  };
  return openAiError(shape.status ?? error.status, error.message, {
    type: shape.type,
    code: shape.code ?? null,
  });
}

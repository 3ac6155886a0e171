import type { IncomingMessage } from 'node:http';
import { ERROR_CODES, parseErrorPayload } from '@agent-chat/protocol';

/** An error as the browser sees it: status (for JSON answers), code and a sanitized message. */
export interface MappedError {
  status: number;
  code: string;
  message: string;
}

const messages = {
  usageLimit: 'The usage limit of this agent has been reached. Please try again later.',
  upstreamAuth:
    'The chat server is misconfigured: the agent service rejected its credentials. Please tell the site operator.',
  upstreamError: 'The agent service failed to answer. Please try again.',
  upstreamTimeout: 'The agent service did not answer in time. Please try again.',
  unreachable: 'The agent service could not be reached. Please try again later.',
  interrupted: 'The answer was interrupted before it was complete. Please try again.',
  invalidStream: 'The agent service sent an answer that could not be read. Please try again.',
} as const;

/** The error the browser gets when the upstream cannot be reached at all (connection refused, reset). */
export const UNREACHABLE: MappedError = {
  status: 502,
  code: ERROR_CODES.upstreamError,
  message: messages.unreachable,
};

/** The error the browser gets when the upstream is too slow (first byte or idle timeout). */
export const TIMED_OUT: MappedError = {
  status: 504,
  code: ERROR_CODES.upstreamTimeout,
  message: messages.upstreamTimeout,
};

/**
 * Maps an upstream error code (from a JSON body or an `[ERROR]` frame) to what the browser
 * gets. Upstream messages are never passed on: they may describe the upstream's internals.
 */
export function mapUpstreamCode(code: string, agentId: string): MappedError {
  switch (code) {
    case ERROR_CODES.usageLimit:
      return { status: 402, code, message: messages.usageLimit };
    case ERROR_CODES.notFound:
      return { status: 404, code, message: `Agent "${agentId}" was not found.` };
    case ERROR_CODES.unauthorized:
    case ERROR_CODES.forbidden:
    case ERROR_CODES.upstreamAuth:
      return { status: 502, code: ERROR_CODES.upstreamAuth, message: messages.upstreamAuth };
    case ERROR_CODES.upstreamTimeout:
      return TIMED_OUT;
    case ERROR_CODES.streamInterrupted:
      return { status: 502, code, message: messages.interrupted };
    case ERROR_CODES.invalidStream:
      return { status: 502, code, message: messages.invalidStream };
    default:
      return { status: 502, code: ERROR_CODES.upstreamError, message: messages.upstreamError };
  }
}

/** Maps a non-2xx upstream status (plus the code found in its body, if any) to the browser's error. */
export function mapUpstreamStatus(
  status: number,
  bodyCode: string | undefined,
  agentId: string,
): MappedError {
  if (status === 402 || bodyCode === ERROR_CODES.usageLimit) {
    return mapUpstreamCode(ERROR_CODES.usageLimit, agentId);
  }
  if (status === 401 || status === 403) return mapUpstreamCode(ERROR_CODES.upstreamAuth, agentId);
  if (status === 404) return mapUpstreamCode(ERROR_CODES.notFound, agentId);
  if (status === 504 || status === 408) return TIMED_OUT;
  return mapUpstreamCode(ERROR_CODES.upstreamError, agentId);
}

/** What an error code looks like; anything else an upstream puts there is not one. */
const errorCodeShape = /^[A-Z][A-Z0-9_]{0,63}$/;

function codeOf(value: unknown): string | undefined {
  return typeof value === 'string' && errorCodeShape.test(value) ? value : undefined;
}

/**
 * Finds the error code in an upstream error body, whichever form it has: the API's
 * `{"error":{"code"}}`, Chaindesk's `{"error":"USAGE_LIMIT"}`, or a bare `data: [ERROR]CODE`
 * text body sent without an SSE content type. Only a value shaped like a code
 * (`UPPER_SNAKE`, at most 64 characters) counts: the result is logged, and an upstream
 * that puts something else there (a message, an echoed header) must not get it logged.
 */
export function errorCodeOfBody(body: string): string | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (typeof json === 'object' && json !== null && 'error' in json) {
      const error = (json as { error: unknown }).error;
      if (typeof error === 'string') return codeOf(parseErrorPayload(error).code);
      if (typeof error === 'object' && error !== null) {
        return codeOf((error as { code?: unknown }).code);
      }
    }
    return undefined;
  } catch {
    const match = /\[ERROR\]([^\r\n]*)/.exec(text);
    return match ? codeOf(parseErrorPayload(match[1] ?? '').code) : undefined;
  }
}

/** Reads at most `limit` bytes of an upstream body as text (the rest is discarded). */
export async function readBodyText(response: IncomingMessage, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      const buffer = chunk as Buffer;
      if (size < limit) chunks.push(buffer.subarray(0, limit - size));
      size += buffer.length;
      if (size >= limit) break;
    }
  } catch {
    // A body cut short still tells us what it could.
  }
  if (!response.complete) response.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

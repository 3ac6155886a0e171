import {
  ERROR_CODE_RATE_LIMITED,
  ERROR_CODE_UPSTREAM_ERROR,
  ERROR_CODE_USAGE_LIMIT,
  isApiErrorBody,
} from '@agent-chat/protocol';
import type { ChatError } from './chat-error.js';

/**
 * Seconds to wait from a `Retry-After` header (delay in seconds, or an HTTP date compared
 * with `now`), rounded up; `undefined` when the header is missing or unreadable.
 */
export function retryAfterSeconds(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Turns a non-2xx response into a {@link ChatError}: the code and message of a JSON
 * `{"error":{code,message}}` body when there is one, else a code chosen by the status
 * (402 usage limit, 429 rate limited, anything else upstream error); `retryAfterSeconds`
 * from `Retry-After`.
 */
export async function errorFromResponse(response: Response, now: number): Promise<ChatError> {
  let code: string = response.status === 429 ? ERROR_CODE_RATE_LIMITED : ERROR_CODE_UPSTREAM_ERROR;
  if (response.status === 402) code = ERROR_CODE_USAGE_LIMIT;
  let message = `The server answered ${response.status}.`;
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) ({ code, message } = body.error);
  } catch {
    // Not JSON (a proxy's HTML page, say): the status decides.
  }
  const error: ChatError = { code, message, status: response.status };
  const wait = retryAfterSeconds(response.headers.get('Retry-After'), now);
  if (wait !== undefined) error.retryAfterSeconds = wait;
  return error;
}

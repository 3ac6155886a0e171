import { ERROR_CODES, isApiErrorBody, parseErrorPayload } from '@agent-chat/protocol';

/** What the BFF answers for a failed upstream call: an HTTP status and an API error. */
export interface AdminUpstreamError {
  status: number;
  code: string;
  message: string;
}

const CLIENT_CODES: Readonly<Record<number, string>> = {
  400: ERROR_CODES.invalidRequest,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.invalidRequest,
  413: ERROR_CODES.payloadTooLarge,
  422: ERROR_CODES.invalidRequest,
  429: ERROR_CODES.rateLimited,
};

/**
 * Turns an upstream error response into the BFF's error: the upstream's own JSON error
 * is kept for client errors (400, 404, …), Chaindesk's `{"error":"CODE"}` and
 * `data: [ERROR]CODE` bodies are typed, the upstream rejecting our token (401/403) becomes
 * 502 `UPSTREAM_AUTH`, 402 `USAGE_LIMIT`, 504 `UPSTREAM_TIMEOUT` and any other 5xx 502
 * `UPSTREAM_ERROR` (raw 5xx bodies are never relayed: they may hold stack traces).
 * `body` must already be redacted.
 */
export function mapAdminUpstreamError(status: number, body: string): AdminUpstreamError {
  if (status === 401 || status === 403) {
    return {
      status: 502,
      code: ERROR_CODES.upstreamAuth,
      message:
        'The agent service rejected the BFF credentials: check AGENT_API_TOKEN (and that it may manage this resource).',
    };
  }
  if (status === 402) {
    return {
      status: 402,
      code: ERROR_CODES.usageLimit,
      message:
        'The agent service usage limit is reached; raise the plan limit or wait for the next period.',
    };
  }
  if (status === 504 || status === 408) {
    return {
      status: 504,
      code: ERROR_CODES.upstreamTimeout,
      message: 'The agent service did not answer in time.',
    };
  }
  if (status >= 500 || status < 400) {
    return {
      status: 502,
      code: ERROR_CODES.upstreamError,
      message: `The agent service failed (HTTP ${status}).`,
    };
  }
  const upstream = readErrorBody(body);
  return {
    status,
    code: upstream?.code ?? CLIENT_CODES[status] ?? ERROR_CODES.invalidRequest,
    message: upstream?.message ?? `The agent service refused the request (HTTP ${status}).`,
  };
}

function readErrorBody(body: string): { code: string; message: string } | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('data:')) {
    const payload = trimmed.slice('data:'.length).trim().split('\n')[0] ?? '';
    if (payload.startsWith('[ERROR]')) {
      const parsed = parseErrorPayload(payload.slice('[ERROR]'.length));
      return { code: parsed.code, message: parsed.message };
    }
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (isApiErrorBody(json)) return { code: json.error.code, message: json.error.message };
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const error = (json as { error: unknown }).error;
    if (typeof error === 'string' && /^[A-Z_]{2,64}$/.test(error)) {
      return { code: error, message: `The agent service answered ${error}.` };
    }
  }
  return undefined;
}

/**
 * Replaces every occurrence of `secret` in `text` with `[redacted]`, so an upstream that
 * echoes request headers can never hand the token to a browser.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4 || !text.includes(secret)) return text;
  return text.split(secret).join('[redacted]');
}

import type { Readable } from 'node:stream';
import { ERROR_CODES, isApiErrorBody, parseErrorPayload } from '@agent-chat/protocol';

/** An error as the BFF answers it: status (for JSON answers), code and a sanitized message. */
export interface MappedError {
  status: number;
  code: string;
  message: string;
}

/** What an upstream error body says, in whichever form it came. */
export interface UpstreamErrorBody {
  /** An error code (`UPPER_SNAKE`, at most 64 characters), if the body had one. */
  code?: string | undefined;
  /** The upstream's own message, if the body had one (only ever shown to operators). */
  message?: string | undefined;
}

/**
 * Who gets the error: a visitor of the public query route (asking agent `agentId`), who
 * never sees an upstream message, or an operator of the admin routes, who gets the
 * upstream's own 4xx errors (their bodies are already redacted).
 */
export type ErrorAudience = { visitor: string } | 'operator';

const visitorMessages = {
  usageLimit: 'The usage limit of this agent has been reached. Please try again later.',
  upstreamAuth:
    'The chat server is misconfigured: the agent service rejected its credentials. Please tell the site operator.',
  upstreamError: 'The agent service failed to answer. Please try again.',
  upstreamTimeout: 'The agent service did not answer in time. Please try again.',
  unreachable: 'The agent service could not be reached. Please try again later.',
  interrupted: 'The answer was interrupted before it was complete. Please try again.',
  invalidStream: 'The agent service sent an answer that could not be read. Please try again.',
  refused: 'The agent service could not accept this question. Please rephrase it and try again.',
  forbidden:
    'This question asks for something the agent may not do (such as searching a datastore it does not have). Please tell the site operator.',
  tooLarge: 'The question is too long for the agent service. Please shorten it.',
  busy: 'The agent service is busy. Please wait a moment and try again.',
} as const;

/**
 * What a visitor gets for an upstream 4xx other than 401-404 and 408: the upstream refusing
 * the visitor's own input stays a client error (with our message, never the upstream's);
 * other statuses (405, 410, 415 …) say the BFF and the service disagree, a 502.
 */
const VISITOR_CLIENT_ERRORS: Readonly<Record<number, MappedError>> = {
  400: { status: 400, code: ERROR_CODES.invalidRequest, message: visitorMessages.refused },
  409: { status: 400, code: ERROR_CODES.invalidRequest, message: visitorMessages.refused },
  413: { status: 413, code: ERROR_CODES.payloadTooLarge, message: visitorMessages.tooLarge },
  422: { status: 400, code: ERROR_CODES.invalidRequest, message: visitorMessages.refused },
  429: { status: 429, code: ERROR_CODES.rateLimited, message: visitorMessages.busy },
};

const operatorMessages = {
  usageLimit:
    'The agent service usage limit is reached; raise the plan limit or wait for the next period.',
  upstreamAuth:
    'The agent service rejected the BFF credentials: check AGENT_API_TOKEN (and that it may manage this resource).',
  upstreamTimeout: 'The agent service did not answer in time.',
} as const;

/** The error a visitor gets when the upstream cannot be reached at all (connection refused, reset). */
export const UNREACHABLE: MappedError = {
  status: 502,
  code: ERROR_CODES.upstreamError,
  message: visitorMessages.unreachable,
};

/** The error a visitor gets when the upstream is too slow (first byte or idle timeout). */
export const TIMED_OUT: MappedError = {
  status: 504,
  code: ERROR_CODES.upstreamTimeout,
  message: visitorMessages.upstreamTimeout,
};

/** Codes of the upstream 4xx statuses an operator gets when the body names none. */
const CLIENT_CODES: Readonly<Record<number, string>> = {
  400: ERROR_CODES.invalidRequest,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.invalidRequest,
  413: ERROR_CODES.payloadTooLarge,
  422: ERROR_CODES.invalidRequest,
  429: ERROR_CODES.rateLimited,
};

/**
 * Maps an upstream error code (from an `[ERROR]` frame of a stream) to what the visitor
 * gets. Upstream messages are never passed on: they may describe the upstream's internals.
 */
export function mapUpstreamCode(code: string, agentId: string): MappedError {
  switch (code) {
    case ERROR_CODES.usageLimit:
      return { status: 402, code, message: visitorMessages.usageLimit };
    case ERROR_CODES.notFound:
      return { status: 404, code, message: `Agent "${agentId}" was not found.` };
    case ERROR_CODES.unauthorized:
    case ERROR_CODES.forbidden:
    case ERROR_CODES.upstreamAuth:
      return { status: 502, code: ERROR_CODES.upstreamAuth, message: visitorMessages.upstreamAuth };
    case ERROR_CODES.upstreamTimeout:
      return TIMED_OUT;
    case ERROR_CODES.streamInterrupted:
      return { status: 502, code, message: visitorMessages.interrupted };
    case ERROR_CODES.invalidStream:
      return { status: 502, code, message: visitorMessages.invalidStream };
    default:
      return {
        status: 502,
        code: ERROR_CODES.upstreamError,
        message: visitorMessages.upstreamError,
      };
  }
}

/**
 * The one mapping of a non-2xx upstream answer to the BFF's error, for both audiences:
 * the upstream rejecting our token (401/403) is 502 `UPSTREAM_AUTH`, but a 403 whose body
 * says `FORBIDDEN` (the service refusing the request, not the token) stays a 403, 402 (or, for a
 * visitor, a `USAGE_LIMIT` code with any status) is 402 `USAGE_LIMIT`, 504/408 is 504
 * `UPSTREAM_TIMEOUT`, and anything else 502 `UPSTREAM_ERROR` (raw bodies are never
 * relayed: they may hold stack traces). Client errors: a visitor gets 404 for a missing
 * agent, 400 `INVALID_REQUEST` for a refused question (400/409/422), 413 and 429 as such,
 * always with the BFF's own message; an operator keeps the upstream's 4xx status, code and
 * message.
 */
export function mapUpstreamError(
  status: number,
  body: UpstreamErrorBody,
  audience: ErrorAudience,
): MappedError {
  const operator = audience === 'operator';
  if (status === 402 || (!operator && body.code === ERROR_CODES.usageLimit)) {
    return operator
      ? { status: 402, code: ERROR_CODES.usageLimit, message: operatorMessages.usageLimit }
      : mapUpstreamCode(ERROR_CODES.usageLimit, audience.visitor);
  }
  if (status === 403 && body.code === ERROR_CODES.forbidden) {
    // Our service's refusal of the request itself (its auth failures are 401): e.g. an
    // agent query naming a datastore the agent lacks. Not the BFF's token being rejected.
    return operator
      ? {
          status: 403,
          code: ERROR_CODES.forbidden,
          message: body.message ?? 'The agent service refused the request (HTTP 403).',
        }
      : { status: 403, code: ERROR_CODES.forbidden, message: visitorMessages.forbidden };
  }
  if (status === 401 || status === 403) {
    return operator
      ? { status: 502, code: ERROR_CODES.upstreamAuth, message: operatorMessages.upstreamAuth }
      : mapUpstreamCode(ERROR_CODES.upstreamAuth, audience.visitor);
  }
  if (status === 504 || status === 408) {
    return operator
      ? {
          status: 504,
          code: ERROR_CODES.upstreamTimeout,
          message: operatorMessages.upstreamTimeout,
        }
      : TIMED_OUT;
  }
  if (status >= 400 && status < 500) {
    if (!operator) {
      return (
        VISITOR_CLIENT_ERRORS[status] ??
        mapUpstreamCode(status === 404 ? ERROR_CODES.notFound : '', audience.visitor)
      );
    }
    return {
      status,
      code: body.code ?? CLIENT_CODES[status] ?? ERROR_CODES.invalidRequest,
      message: body.message ?? `The agent service refused the request (HTTP ${status}).`,
    };
  }
  return operator
    ? {
        status: 502,
        code: ERROR_CODES.upstreamError,
        message: `The agent service failed (HTTP ${status}).`,
      }
    : mapUpstreamCode(ERROR_CODES.upstreamError, audience.visitor);
}

/**
 * {@link mapUpstreamError} for a visitor of agent `agentId`, from the status and the code
 * found in the body ({@link errorCodeOfBody}).
 */
export function mapUpstreamStatus(
  status: number,
  bodyCode: string | undefined,
  agentId: string,
): MappedError {
  return mapUpstreamError(status, { code: bodyCode }, { visitor: agentId });
}

/** What an error code looks like; anything else an upstream puts there is not one. */
const errorCodeShape = /^[A-Z][A-Z0-9_]{0,63}$/;

function codeOf(value: unknown): string | undefined {
  return typeof value === 'string' && errorCodeShape.test(value) ? value : undefined;
}

/**
 * Reads an upstream error body, whichever form it has: the API's `{"error":{"code",
 * "message"}}`, Chaindesk's `{"error":"USAGE_LIMIT"}`, or a bare `data: [ERROR]CODE: message`
 * text body sent without an SSE content type. Only a value shaped like a code
 * (`UPPER_SNAKE`, at most 64 characters) counts as one: codes are logged, and an upstream
 * that puts something else there (a message, an echoed header) must not get it logged.
 */
export function readUpstreamErrorBody(body: string): UpstreamErrorBody {
  const text = body.trim();
  if (text === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const match = /\[ERROR\]([^\r\n]*)/.exec(text);
    if (!match) return {};
    const parsed = parseErrorPayload(match[1] ?? '');
    const code = codeOf(parsed.code);
    return code ? { code, message: parsed.message } : {};
  }
  if (isApiErrorBody(json)) {
    const code = codeOf(json.error.code);
    return code ? { code, message: json.error.message } : {};
  }
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const error = (json as { error: unknown }).error;
    if (typeof error === 'string') {
      const code = codeOf(parseErrorPayload(error).code);
      return code ? { code, message: `The agent service answered ${code}.` } : {};
    }
    if (typeof error === 'object' && error !== null) {
      return { code: codeOf((error as { code?: unknown }).code) };
    }
  }
  return {};
}

/** The error code of an upstream error body ({@link readUpstreamErrorBody}), if any. */
export function errorCodeOfBody(body: string): string | undefined {
  return readUpstreamErrorBody(body).code;
}

/** Reads at most `limit` bytes of an upstream body as text (the rest is discarded). */
export async function readBodyText(body: Readable, limit = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buffer = chunk as Buffer;
      if (size < limit) chunks.push(buffer.subarray(0, limit - size));
      size += buffer.length;
      if (size >= limit) break;
    }
  } catch {
    // A body cut short still tells us what it could.
  }
  if (!body.readableEnded) body.destroy();
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Replaces every occurrence of `secret` in `text` with `[redacted]`, so an upstream that
 * echoes request headers can never hand the token to a browser.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4 || !text.includes(secret)) return text;
  return text.split(secret).join('[redacted]');
}

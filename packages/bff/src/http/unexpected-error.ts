import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import { requestIdOf } from './request-logging.js';
import { sendError } from './send-error.js';

/** Answers an error no step of the BFF handled. */
export type UnexpectedErrorHandler = (error: unknown, res: ServerResponse) => void;

/** A client error raised by Express or a body parser (an `http-errors` error), as answered. */
interface ClientError {
  status: number;
  code: string;
  message: string;
}

/**
 * The 4xx a framework error stands for, if it is one: Express raises a 400 `URIError`
 * when a path parameter has a bad percent-escape (`/api/datasources/%ZZ`), body parsers
 * raise 4xx errors with a `status`. Their own messages are not relayed (they quote input).
 */
function clientErrorOf(error: unknown): ClientError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  if (typeof value !== 'number' || value < 400 || value > 499) return undefined;
  if (error instanceof URIError) {
    return {
      status: 400,
      code: ERROR_CODES.invalidRequest,
      message:
        'The request path has an invalid percent-escape (like "%ZZ"): encode path segments with encodeURIComponent.',
    };
  }
  if (value === 413) {
    return {
      status: 413,
      code: ERROR_CODES.payloadTooLarge,
      message: 'The request body is too large.',
    };
  }
  return {
    status: value,
    code: value === 404 ? ERROR_CODES.notFound : ERROR_CODES.invalidRequest,
    message: `The request could not be accepted (HTTP ${value}).`,
  };
}

/**
 * The last resort of every BFF route, inside Express (its error handler) and outside it
 * (the standalone query route). A client error raised before a BFF handler ran (a bad
 * percent-escape in a path id, a body parser's 4xx) is answered with its 4xx status as a
 * JSON error and logged at `warn`; anything else is logged with the request id, then the
 * request gets a JSON 500, or its connection is cut when the answer had already started.
 */
export function createUnexpectedErrorHandler(logger: Logger | undefined): UnexpectedErrorHandler {
  return function failUnexpectedly(error, res) {
    const clientError = clientErrorOf(error);
    if (clientError && !res.headersSent) {
      logger?.warn(
        { reqId: requestIdOf(res), code: clientError.code, status: clientError.status },
        'request refused before it reached a BFF route',
      );
      sendError(res, clientError.status, clientError.code, clientError.message);
      return;
    }
    logger?.error(
      { reqId: requestIdOf(res), err: { message: (error as Error)?.message } },
      'unhandled error in the BFF',
    );
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendError(res, 500, ERROR_CODES.internal, 'Something went wrong on the chat server.');
  };
}

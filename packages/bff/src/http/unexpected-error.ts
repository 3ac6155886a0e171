import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import { requestIdOf } from './request-logging.js';
import { sendError } from './send-error.js';

/** Answers an error no step of the BFF handled. */
export type UnexpectedErrorHandler = (error: unknown, res: ServerResponse) => void;

/**
 * The last resort of every BFF route, inside Express (its error handler) and outside it
 * (the standalone query route): the error is logged with the request id, then the
 * request gets a JSON 500, or its connection is cut when the answer had already started.
 */
export function createUnexpectedErrorHandler(logger: Logger | undefined): UnexpectedErrorHandler {
  return function failUnexpectedly(error, res) {
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

import { apiErrorBody, ERROR_CODES } from '@agent-chat/protocol';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import type { Logger } from '../logger.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Answers every unmatched route with a 404 JSON error. */
export function createNotFoundHandler(): RequestHandler {
  return function notFoundRoute(req, res) {
    res
      .status(404)
      .json(apiErrorBody(ERROR_CODES.notFound, `There is no route ${req.method} ${req.path}.`));
  };
}

/**
 * Converts errors to `{"error":{"code","message"}}` responses: service errors keep their
 * code and status, body-parser errors become 400/413, anything else is a 500 with a
 * generic message (the details go to the log, never to the client).
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return function handleError(error: unknown, req, res, next) {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof AgentServiceError) {
      res.status(error.status).json(apiErrorBody(error.code, error.message));
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.too.large') {
      res
        .status(413)
        .json(
          apiErrorBody(
            ERROR_CODES.payloadTooLarge,
            `The request body is larger than the ${parserError.limit ?? 'configured'} bytes allowed; send fewer or smaller documents per request.`,
          ),
        );
      return;
    }
    if (parserError?.type === 'entity.parse.failed') {
      res
        .status(400)
        .json(apiErrorBody(ERROR_CODES.invalidRequest, 'The request body is not valid JSON.'));
      return;
    }
    if (typeof parserError?.status === 'number' && parserError.status < 500) {
      res
        .status(parserError.status)
        .json(apiErrorBody(ERROR_CODES.invalidRequest, 'The request could not be read.'));
      return;
    }
    logger.error(
      {
        err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
        path: req.path,
      },
      'request failed',
    );
    res
      .status(500)
      .json(apiErrorBody(ERROR_CODES.internal, 'The agent service failed to handle the request.'));
  };
}

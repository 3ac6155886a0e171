import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import type { Logger } from '../logger.js';
import { openAiError, toOpenAiError } from './openai-errors.js';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  limit?: number;
}

/** Answers an unknown `/v1` route with OpenAI's 404 body. */
export function createOpenAiNotFoundHandler(): RequestHandler {
  return function unknownOpenAiRoute(req, res) {
    const { status, body } = openAiError(
      404,
      `There is no route ${req.method} /v1${req.path}: the OpenAI-compatible API serves GET /v1/models, GET /v1/models/{id} and POST /v1/chat/completions.`,
    );
    res.status(status).json(body);
  };
}

/**
 * Converts the errors of `/v1` requests to OpenAI's `{error:{message,type,param,code}}`
 * (see {@link toOpenAiError}); body-parser errors become 400/413. The usage limit's 429
 * says `x-should-retry: false`, so the SDKs do not retry a quota that is used up.
 */
export function createOpenAiErrorHandler(logger: Logger): ErrorRequestHandler {
  return function handleOpenAiError(error: unknown, req, res, next) {
    if (res.headersSent) {
      next(error);
      return;
    }
    const parserError = error as BodyParserError;
    let answer = toOpenAiError(error);
    if (error instanceof AgentServiceError) {
      // Rendered as it is (below).
    } else if (parserError?.type === 'entity.too.large') {
      answer = openAiError(
        413,
        `The request body is larger than the ${parserError.limit ?? 'configured'} bytes allowed.`,
      );
    } else if (parserError?.type === 'entity.parse.failed') {
      answer = openAiError(400, 'The request body is not valid JSON.');
    } else if (typeof parserError?.status === 'number' && parserError.status < 500) {
      answer = openAiError(parserError.status, 'The request could not be read.');
    } else if (answer.status >= 500 && answer.body.error.code === null) {
      logger.error(
        {
          err: error instanceof Error ? { message: error.message, stack: error.stack } : error,
          path: req.path,
        },
        'request failed',
      );
    }
    if (answer.body.error.type === 'insufficient_quota') res.set('x-should-retry', 'false');
    res.status(answer.status).json(answer.body);
  };
}

import type { ServerResponse } from 'node:http';
import { ERROR_CODES } from '@agent-chat/protocol';
import type { Logger } from 'pino';
import { type JsonBodyResult, requestIdOf, sendError } from '../http/index.js';

/**
 * Answers a query whose body could not be read: 413 over the limit, 408 (and the
 * connection closed) when it did not arrive in time, 400 for invalid JSON,
 * 415 for another media type, charset or encoding, 500 (logged, with the fix) when a host
 * middleware drained the body first; nothing when the client left while sending it.
 */
export function answerBodyFailure(
  res: ServerResponse,
  failure: JsonBodyResult & { ok: false },
  maxBodyBytes: number,
  logger: Logger | undefined,
): void {
  switch (failure.reason) {
    case 'aborted':
      return;
    case 'too-large':
      res.setHeader('Connection', 'close');
      sendError(
        res,
        413,
        ERROR_CODES.payloadTooLarge,
        `The request body is larger than the limit of ${maxBodyBytes} bytes.`,
      );
      return;
    case 'timeout':
      res.setHeader('Connection', 'close');
      sendError(
        res,
        408,
        ERROR_CODES.requestTimeout,
        'The request body did not arrive in time; send it at once with a correct Content-Length.',
      );
      return;
    case 'invalid-json':
      sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
      return;
    case 'not-json':
      sendError(
        res,
        415,
        ERROR_CODES.invalidRequest,
        'Send the query as JSON with "Content-Type: application/json".',
      );
      return;
    case 'unsupported-charset':
    case 'unsupported-encoding':
      sendError(res, 415, ERROR_CODES.invalidRequest, 'Send the body as UTF-8 JSON.');
      return;
    case 'already-read':
      logger?.error(
        { reqId: requestIdOf(res) },
        'the query body was read before the BFF got it, and no parsed body was left in req.body: mount the BFF before middleware that reads request bodies',
      );
      sendError(
        res,
        500,
        ERROR_CODES.internal,
        'The chat server could not read the question. Please tell the site operator.',
      );
      return;
  }
}

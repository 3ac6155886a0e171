import { ERROR_CODES, LIMITS } from '@agent-chat/protocol';
import express, { type RequestHandler } from 'express';
import { sendError } from '../http/index.js';

/** Options of {@link createAdminJsonBody}. */
export interface AdminJsonBodyOptions {
  /** Longest time the body may take to arrive, ms (408 and the connection closed after). */
  timeoutMs: number;
  /** Largest body, bytes. Default `LIMITS.jsonBodyBytes.max` (10 MiB). */
  limitBytes?: number | undefined;
}

/**
 * Reads an admin request body as JSON into `req.body` (whatever its label, so the request
 * stream is always consumed here and never piped raw to the upstream), up to
 * `limitBytes` (`LIMITS.jsonBodyBytes.max` by default): 413 beyond (at once when `Content-Length` declares more:
 * the body is never waited for), 400 for invalid JSON, 408 when it has not arrived within
 * `timeoutMs`. Refusals close the connection, so an unread body cannot hold it. A body a
 * host parser already read is left as it is.
 */
export function createAdminJsonBody(options: AdminJsonBodyOptions): RequestHandler {
  const limitBytes = options.limitBytes ?? LIMITS.jsonBodyBytes.max;
  const parse = express.json({ limit: limitBytes, strict: false, type: () => true });
  const tooLarge = `The request body is larger than the limit of this admin route, ${limitBytes} bytes.`;
  return function adminJsonBody(req, res, next) {
    const refuse = (status: number, code: string, message: string) => {
      res.setHeader('Connection', 'close');
      sendError(res, status, code, message);
    };
    if (Number(req.headers['content-length']) > limitBytes) {
      refuse(413, ERROR_CODES.payloadTooLarge, tooLarge);
      return;
    }
    let answered = false;
    const timer = setTimeout(() => {
      answered = true;
      refuse(
        408,
        ERROR_CODES.requestTimeout,
        `The request body did not arrive within ${options.timeoutMs} ms; send it at once with a correct Content-Length.`,
      );
    }, options.timeoutMs);
    timer.unref();
    parse(req, res, (error?: unknown) => {
      clearTimeout(timer);
      if (answered) return;
      if (!error) {
        next();
        return;
      }
      const type = (error as { type?: unknown }).type;
      if (type === 'entity.too.large') {
        refuse(413, ERROR_CODES.payloadTooLarge, tooLarge);
      } else if (type === 'entity.parse.failed') {
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
      } else {
        refuse(400, ERROR_CODES.invalidRequest, 'The request body could not be read.');
      }
    });
  };
}

import { ERROR_CODES } from '@agent-chat/protocol';
import express, { type RequestHandler } from 'express';
import { sendError } from '../http/index.js';

/** Largest admin request body, in bytes (document upserts can be large). */
export const ADMIN_MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Reads an admin request body as JSON into `req.body` (whatever its label, so the request
 * stream is always consumed here and never piped raw to the upstream), up to
 * {@link ADMIN_MAX_BODY_BYTES}: 413 beyond, 400 for invalid JSON. A body a host parser
 * already read is left as it is.
 */
export function createAdminJsonBody(): RequestHandler {
  const parse = express.json({ limit: ADMIN_MAX_BODY_BYTES, strict: false, type: () => true });
  return function adminJsonBody(req, res, next) {
    parse(req, res, (error?: unknown) => {
      if (!error) {
        next();
        return;
      }
      const type = (error as { type?: unknown }).type;
      if (type === 'entity.too.large') {
        sendError(
          res,
          413,
          ERROR_CODES.payloadTooLarge,
          `The request body is larger than the admin limit of ${ADMIN_MAX_BODY_BYTES} bytes.`,
        );
      } else if (type === 'entity.parse.failed') {
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body is not valid JSON.');
      } else {
        sendError(res, 400, ERROR_CODES.invalidRequest, 'The request body could not be read.');
      }
    });
  };
}

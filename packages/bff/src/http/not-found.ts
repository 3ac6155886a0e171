import { ERROR_CODES } from '@agent-chat/protocol';
import type { Request, Response } from 'express';
import { sendError } from './send-error.js';

/**
 * The last handler of an Express app that mounts the BFF: whatever no route served is the
 * API's JSON 404 (`There is no GET /nope on this server.`), not Express's HTML page.
 *
 * @example
 * app.use(createBff(options));
 * app.use(notFound);
 */
export function notFound(req: Request, res: Response): void {
  sendError(
    res,
    404,
    ERROR_CODES.notFound,
    `There is no ${req.method} ${req.path} on this server.`,
  );
}

import { apiErrorBody } from '@agent-chat/protocol';
import type { Response } from 'express';

/**
 * Answers with the API's JSON error body `{"error":{"code","message"}}`, unless the
 * response has already started (then the caller must end it its own way).
 */
export function sendError(res: Response, status: number, code: string, message: string): void {
  if (res.headersSent) return;
  res.status(status).json(apiErrorBody(code, message));
}

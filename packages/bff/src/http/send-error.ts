import type { ServerResponse } from 'node:http';
import { apiErrorBody } from '@agent-chat/protocol';

/**
 * Answers with the API's JSON error body `{"error":{"code","message"}}`, unless the
 * response has already started (then the caller must end it its own way). Plain Node
 * `http`, so it works inside and outside Express.
 */
export function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
): void {
  if (res.headersSent) return;
  const body = JSON.stringify(apiErrorBody(code, message));
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

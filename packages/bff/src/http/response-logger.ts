import type { ServerResponse } from 'node:http';

/**
 * Writes the one log line of a response that closed: what the request context calls
 * (`createRequestContext`) and request logging makes (`createResponseLogger`).
 */
export type ResponseLogger = (res: ServerResponse, url: string, startedAt: number) => void;

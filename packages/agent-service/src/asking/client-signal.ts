import type { Response } from 'express';

/**
 * A signal aborted when the client goes away before the response is finished. Listen
 * first thing in a handler: a client that leaves during retrieval must not get an answer
 * computed.
 */
export function clientSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

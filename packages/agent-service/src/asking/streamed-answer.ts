import { once } from 'node:events';
import { type QueryResponse, SSE_HEADERS } from '@agent-chat/protocol';
import type { Response } from 'express';
import { AgentServiceError } from '../agent-service-error.js';
import type { AskingContext } from './asking-context.js';
import type { PreparedAnswer } from './prepare-answer.js';

/** The frames of one stream dialect (the seed's query stream, OpenAI's chunks). */
export interface AnswerFraming {
  /** The comment sent every `heartbeatMs` while nothing else is. */
  heartbeat: string;
  /** Frames sent before the first fragment (none by default). */
  opening?(): string[];
  /** The frame of one text fragment of the answer. */
  fragment(text: string): string;
  /** The frames that end a complete answer, once it is stored. */
  finished(response: QueryResponse): string[];
  /** The frame of a failure; nothing follows it. */
  failed(error: unknown): string;
}

/** Writes a frame, waiting for `drain` when the socket's buffer is full. */
async function writeFrame(res: Response, frame: string, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  if (!res.write(frame)) {
    try {
      await once(res, 'drain', { signal });
    } catch {
      // Aborted: the client is gone, nothing more will be written.
    }
  }
}

/**
 * Streams a prepared answer as server-sent events: the SSE headers, the fragments as
 * they come (respecting backpressure), heartbeats meanwhile, then the stored answer's
 * closing frames; a failure becomes the dialect's error frame (errors are data inside a
 * stream) and the stream ends. When the client leaves, work stops and nothing is stored.
 */
export async function streamAnswer(
  context: AskingContext,
  res: Response,
  prepared: PreparedAnswer,
  framing: AnswerFraming,
  signal: AbortSignal,
  log: Record<string, unknown>,
): Promise<void> {
  res.writeHead(200, SSE_HEADERS);
  res.flushHeaders();
  const send = (frame: string) => writeFrame(res, frame, signal);
  const heartbeat = setInterval(() => {
    if (res.writableNeedDrain) return;
    res.write(framing.heartbeat);
  }, context.heartbeatMs);
  try {
    for (const frame of framing.opening?.() ?? []) await send(frame);
    let answer = '';
    for await (const fragment of prepared.fragments()) {
      answer += fragment;
      await send(framing.fragment(fragment));
    }
    if (signal.aborted) return;
    const response = await prepared.finish(answer);
    for (const frame of framing.finished(response)) await send(frame);
  } catch (error) {
    if (signal.aborted) return;
    if (!(error instanceof AgentServiceError)) {
      context.logger.error(
        { ...log, err: error instanceof Error ? error.message : String(error) },
        'streamed query failed',
      );
    }
    await send(framing.failed(error));
  } finally {
    clearInterval(heartbeat);
    res.end();
  }
}

/** Collects a prepared answer and stores it; undefined when the client left meanwhile. */
export async function wholeAnswer(
  prepared: PreparedAnswer,
  signal: AbortSignal,
): Promise<QueryResponse | undefined> {
  let answer = '';
  for await (const fragment of prepared.fragments()) answer += fragment;
  if (signal.aborted) return undefined;
  return prepared.finish(answer);
}

import { once } from 'node:events';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createSseEncoder,
  type QueryResponse,
  SSE_HEADERS,
  type StreamEvent,
} from '@agent-chat/protocol';
import { type AnswerStyle, answerFragment, answerText } from './answer-text.js';

/** Options of {@link createFakeUpstream}; plain data so they can cross a process boundary. */
export interface FakeUpstreamOptions {
  /** Answer fragments per stream (and words of the JSON answer). Default 20. */
  fragments?: number;
  /** How fragments read. Default `plain`. */
  style?: AnswerStyle;
  /** Pause between ticks of a stream, ms; 0 writes the whole stream at once. Default 0. */
  tickMs?: number;
  /** Fragments written per tick. Default 1. */
  fragmentsPerTick?: number;
  /** Start held: streams pause after their first tick until {@link FakeUpstream.release}. Default false. */
  held?: boolean;
}

/** Counters of a {@link FakeUpstream}. */
export interface FakeUpstreamStats {
  /** Streams being written right now. */
  activeStreams: number;
  streamsStarted: number;
  streamsCompleted: number;
  /** Streams whose client went away before `[DONE]`. */
  streamsAborted: number;
  jsonResponses: number;
}

/** A controllable agent service stand-in: the spec dialect, a fixed answer, optional pacing. */
export interface FakeUpstream {
  /** Node request listener serving `POST /api/agents/:id/query`. */
  handle: RequestListener;
  stats(): FakeUpstreamStats;
  /** Ends every stream in progress (used before shutdown). */
  abortAll(): void;
  /** From now on, new streams pause after their first tick until {@link FakeUpstream.release}. */
  hold(): void;
  /** Lets every held stream (and every later one) go on. */
  release(): void;
}

const queryPath = /^\/api\/agents\/([^/?#]+)\/query(?:\?.*)?$/;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Creates the benchmark's upstream. It answers every agent id, ignores the token, and
 * streams `fragments` answer events, one `endpoint_response` and `[DONE]`, encoded with the
 * protocol's own encoder so relays see exactly what the real service sends.
 *
 * @example
 * const upstream = createFakeUpstream({ fragments: 20, tickMs: 100 });
 * http.createServer(upstream.handle).listen(0, '127.0.0.1');
 */
export function createFakeUpstream(options: FakeUpstreamOptions = {}): FakeUpstream {
  const fragments = options.fragments ?? 20;
  const style = options.style ?? 'plain';
  const tickMs = options.tickMs ?? 0;
  const fragmentsPerTick = Math.max(1, options.fragmentsPerTick ?? 1);
  const encoder = createSseEncoder();
  const encodedFragments = Array.from({ length: fragments }, (_, index) =>
    encoder.encode({ type: 'answer', text: answerFragment(style, index, fragments) }),
  );
  const fullAnswer = answerText(style, fragments);
  const controllers = new Set<AbortController>();
  let gate: { opened: Promise<void>; open: () => void } | undefined;
  const hold = (): void => {
    if (gate) return;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    gate = { opened, open };
  };
  if (options.held) hold();
  const passGate = async (signal: AbortSignal): Promise<void> => {
    const current = gate;
    if (!current || signal.aborted) return;
    await Promise.race([current.opened, once(signal, 'abort')]);
  };
  const stats: FakeUpstreamStats = {
    activeStreams: 0,
    streamsStarted: 0,
    streamsCompleted: 0,
    streamsAborted: 0,
    jsonResponses: 0,
  };

  const responseFor = (agentId: string, body: Record<string, unknown>): QueryResponse => ({
    answer: fullAnswer,
    conversationId: typeof body.conversationId === 'string' ? body.conversationId : `c-${agentId}`,
    visitorId: typeof body.visitorId === 'string' ? body.visitorId : 'v-bench',
    messageId: 'm-bench',
    sources: [],
  });

  async function stream(res: ServerResponse, final: QueryResponse): Promise<void> {
    const controller = new AbortController();
    const { signal } = controller;
    controllers.add(controller);
    stats.activeStreams += 1;
    stats.streamsStarted += 1;
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      res.writeHead(200, SSE_HEADERS);
      let index = 0;
      while (index < fragments && !signal.aborted) {
        if (index > 0 && tickMs > 0) await sleep(tickMs, undefined, { signal });
        let chunk = '';
        for (let n = 0; n < fragmentsPerTick && index < fragments; n += 1, index += 1) {
          chunk += encodedFragments[index];
        }
        if (!res.write(chunk)) await once(res, 'drain', { signal });
        if (index === Math.min(fragments, fragmentsPerTick)) await passGate(signal);
      }
      if (signal.aborted) return;
      const closing: StreamEvent = { type: 'endpoint_response', json: JSON.stringify(final) };
      res.end(encoder.encode(closing) + encoder.encode({ type: 'done' }));
      stats.streamsCompleted += 1;
    } catch (error) {
      if (!signal.aborted) throw error;
    } finally {
      if (signal.aborted) stats.streamsAborted += 1;
      stats.activeStreams -= 1;
      controllers.delete(controller);
    }
  }

  const handle: RequestListener = (req, res) => {
    const match = req.method === 'POST' ? queryPath.exec(req.url ?? '') : null;
    if (!match) {
      sendJson(res, 404, { error: { code: 'NOT_FOUND', message: 'Only agent queries here.' } });
      return;
    }
    readJson(req).then(
      (body) => {
        const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<
          string,
          unknown
        >;
        const final = responseFor(decodeURIComponent(match[1]!), fields);
        if (fields.streaming === true) return stream(res, final);
        stats.jsonResponses += 1;
        sendJson(res, 200, final);
      },
      () => sendJson(res, 400, { error: { code: 'INVALID_REQUEST', message: 'Bad JSON.' } }),
    );
  };

  return {
    handle,
    stats: () => ({ ...stats }),
    abortAll() {
      for (const controller of controllers) controller.abort();
    },
    hold,
    release() {
      gate?.open();
      gate = undefined;
    },
  };
}

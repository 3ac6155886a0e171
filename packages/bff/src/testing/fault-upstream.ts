/**
 * An upstream that misbehaves on purpose, for the BFF's relay tests: it answers each
 * scenario of `fault-scenarios.ts` in either stream dialect and records what it was sent.
 */
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { createSseEncoder, type SseDialect, type StreamEvent } from '@agent-chat/protocol';
import { answerBadly } from './bad-replies.js';
import {
  createFaultConversations,
  type FaultConversations,
  handleFaultConversationRoute,
} from './fault-conversations.js';
import type { FaultScenario } from './fault-scenarios.js';
import { listenOnLoopback } from './loopback-server.js';

/** A request as the upstream received it. */
export interface CapturedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Options of {@link startFaultUpstream}. */
export interface FaultUpstreamOptions {
  dialect?: SseDialect;
  /** Answer fragments of the `answer` scenario. */
  fragments?: string[];
  /** Delay of `slow` and `idle`, ms. Default 2 000. */
  slowMs?: number;
  /** Bytes sent by `flood`. Default 32 MiB. */
  floodBytes?: number;
  /** Size of the pieces each frame is written in. Default 5 bytes (splits CRLF, UTF-8, fields). */
  pieceBytes?: number;
  /** More fields of the final answer (our service's extensions, e.g. `contactCapture`). */
  finalFields?: Record<string, unknown>;
}

/** Progress of a `flood` response. */
export interface FloodState {
  written: number;
  /** True while `res.write` returned false and no `drain` came yet. */
  blocked: boolean;
  finished: boolean;
}

/** A running fault upstream. */
export interface FaultUpstream {
  url: string;
  requests: CapturedRequest[];
  /** The raw body the `crash` scenario sends. */
  crashBody: string;
  /** Progress of the latest `flood` response. */
  flood: FloodState;
  /** Votes, handoffs and operator messages of the conversation routes. */
  conversations: FaultConversations;
  /** Resolves when a request's connection closes before the upstream finished its response. */
  nextClientAbort(): Promise<void>;
  close(): Promise<void>;
}

const defaultFragments = ['Hello', ' wörld 🌍', '\nline two\r\n', 'end.'];
const crashBody = 'TypeError: Cannot read properties of undefined (reading "internal-secret-path")';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Resolves at the response's next `drain` or its `close`, whichever comes first, and
 * removes both listeners then (racing two `once()` promises leaves the loser's listener
 * behind, one more per blocked write).
 */
function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Starts an upstream that misbehaves on purpose, on 127.0.0.1 and a free port, speaking
 * either stream dialect through the protocol's encoder. For tests only.
 */
export async function startFaultUpstream(
  options: FaultUpstreamOptions = {},
): Promise<FaultUpstream> {
  const dialect = options.dialect ?? 'spec';
  const encoder = createSseEncoder({ dialect });
  const fragments = options.fragments ?? defaultFragments;
  const slowMs = options.slowMs ?? 2_000;
  const pieceBytes = options.pieceBytes ?? 5;
  const requests: CapturedRequest[] = [];
  const flood: FloodState = { written: 0, blocked: false, finished: false };
  let abortWaiters: (() => void)[] = [];
  const lifetime = new AbortController();
  const conversations = createFaultConversations();

  const writeInPieces = async (res: ServerResponse, event: StreamEvent, signal: AbortSignal) => {
    const bytes = Buffer.from(encoder.encode(event));
    for (let start = 0; start < bytes.length && !signal.aborted; start += pieceBytes) {
      res.write(bytes.subarray(start, start + pieceBytes));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const startStream = (res: ServerResponse) => {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
    });
  };

  const finalJson = (body: { conversationId?: string; visitorId?: string }) =>
    JSON.stringify({
      answer: fragments.join(''),
      conversationId: body.conversationId ?? 'conversation-1',
      visitorId: body.visitorId ?? 'visitor-1',
      sources: [],
      messageId: 'message-1',
      ...options.finalFields,
    });

  async function handle(req: IncomingMessage, res: ServerResponse, signal: AbortSignal) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    if (handleFaultConversationRoute(conversations, req.method ?? '', req.url ?? '', body, res)) {
      return;
    }
    const match = /^\/api\/agents\/([^/]+)\/query$/.exec(req.url ?? '');
    if (req.method === 'GET' && req.url === '/') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
      return;
    }
    if (!match || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const scenario = match[1] as FaultScenario;
    const parsed = JSON.parse(body || '{}') as {
      streaming?: boolean;
      conversationId?: string;
      visitorId?: string;
    };
    const chaindesk = dialect === 'chaindesk';

    if (answerBadly(scenario, res, parsed.streaming === true, finalJson(parsed), crashBody)) {
      return;
    }
    switch (scenario) {
      case 'limit402':
        res.writeHead(402, { 'Content-Type': 'application/json' });
        res.end(
          chaindesk
            ? '{"error":"USAGE_LIMIT"}'
            : '{"error":{"code":"USAGE_LIMIT","message":"Plan quota of org internal-42 used"}}',
        );
        return;
      case 'forbidden':
        if (chaindesk) {
          res.writeHead(403, { 'Content-Type': 'text/plain' }).end('data: [ERROR]UNAUTHORIZED\n\n');
        } else {
          res.writeHead(403, { 'Content-Type': 'application/json' });
          res.end('{"error":{"code":"UNAUTHORIZED","message":"bad key"}}');
        }
        return;
      case 'missing':
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('data: [ERROR]NOT_FOUND\n\n');
        return;
      case 'crash':
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(crashBody);
        return;
      case 'slow':
        await sleep(slowMs, signal);
        if (signal.aborted) return;
        break;
      default:
        break;
    }

    if (parsed.streaming !== true) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(finalJson(parsed));
      return;
    }

    startStream(res);
    switch (scenario) {
      case 'limit200':
        await writeInPieces(res, { type: 'error', code: 'USAGE_LIMIT', message: '' }, signal);
        res.end();
        return;
      case 'drop':
        await writeInPieces(res, { type: 'answer', text: fragments[0] ?? 'x' }, signal);
        res.socket?.destroy();
        return;
      case 'hang':
        await writeInPieces(res, { type: 'answer', text: fragments[0] ?? 'x' }, signal);
        await sleep(60_000, signal);
        res.end();
        return;
      case 'idle':
        await writeInPieces(res, { type: 'answer', text: fragments[0] ?? 'x' }, signal);
        await sleep(slowMs, signal);
        break;
      case 'flood': {
        const total = options.floodBytes ?? 32 * 1024 * 1024;
        const frame = encoder.encode({ type: 'answer', text: 'x'.repeat(16 * 1024 - 40) });
        Object.assign(flood, { written: 0, blocked: false, finished: false });
        while (flood.written < total && !signal.aborted) {
          flood.written += Buffer.byteLength(frame);
          if (!res.write(frame)) {
            flood.blocked = true;
            await drainOrClose(res);
            flood.blocked = false;
          }
        }
        res.end(encoder.encode({ type: 'done' }));
        flood.finished = true;
        return;
      }
      default:
        break;
    }
    for (const text of scenario === 'idle' ? fragments.slice(1) : fragments) {
      await writeInPieces(res, { type: 'answer', text }, signal);
    }
    if (scenario === 'limitMid') {
      await writeInPieces(res, { type: 'error', code: 'USAGE_LIMIT', message: '' }, signal);
      res.end();
      return;
    }
    await writeInPieces(res, { type: 'endpoint_response', json: finalJson(parsed) }, signal);
    await writeInPieces(res, { type: 'done' }, signal);
    res.end();
  }

  const server = http.createServer((req, res) => {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    lifetime.signal.addEventListener('abort', onAbort);
    res.on('close', () => {
      lifetime.signal.removeEventListener('abort', onAbort);
      if (!res.writableFinished) {
        controller.abort();
        const waiters = abortWaiters;
        abortWaiters = [];
        for (const waiter of waiters) waiter();
      }
    });
    handle(req, res, controller.signal).catch(() => res.destroy());
  });
  const listening = await listenOnLoopback(server);

  return {
    url: listening.url,
    requests,
    crashBody,
    flood,
    conversations,
    nextClientAbort: () => new Promise((resolve) => abortWaiters.push(resolve)),
    async close() {
      lifetime.abort();
      await listening.close();
    },
  };
}

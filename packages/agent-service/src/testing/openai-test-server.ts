import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test server answers to one request. */
export interface OpenAiTestReply {
  /** HTTP status; non-2xx replies send `{"error":{"message"}}`. Default 200. */
  status?: number;
  /** Content deltas streamed one per frame. */
  deltas?: string[];
  /** Pause before each frame, ms. Default 0. */
  delayMs?: number;
  /** Leave out the final `data: [DONE]`. */
  omitDone?: boolean;
  /** Error message for non-2xx replies. */
  errorMessage?: string;
}

/** A request the server received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect the JSON body field by field
  body: any;
}

/** A running OpenAI-compatible test server. */
export interface OpenAiTestServer {
  /** Base URL to use as `llm.baseUrl` (ends with `/v1`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Resolves when a client disconnects before its reply finished. */
  nextDisconnect(): Promise<void>;
  close(): Promise<void>;
}

const encoder = new TextEncoder();

/**
 * Starts a local server speaking OpenAI's streaming chat-completions format. Each frame is
 * written in two pieces split at an awkward byte (inside a multi-byte character when
 * there is one), the way real networks deliver it.
 */
export async function startOpenAiTestServer(
  reply: (request: RecordedRequest) => OpenAiTestReply,
): Promise<OpenAiTestServer> {
  const requests: RecordedRequest[] = [];
  let disconnectWaiters: (() => void)[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const recorded: RecordedRequest = {
      path: req.url ?? '',
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const plan = reply(recorded);
    const status = plan.status ?? 200;
    if (status < 200 || status >= 300) {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: plan.errorMessage ?? 'test failure' } }));
      return;
    }
    let finished = false;
    res.on('close', () => {
      if (finished) return;
      const waiters = disconnectWaiters;
      disconnectWaiters = [];
      for (const resolve of waiters) resolve();
    });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const frames = (plan.deltas ?? []).map(
      (delta, index) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', choices: [{ index: 0, delta: index === 0 ? { role: 'assistant', content: delta } : { content: delta }, finish_reason: null }] })}\r\n\r\n`,
    );
    if (!plan.omitDone) {
      frames.push(
        `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
        'data: [DONE]\n\n',
      );
    }
    for (const frame of frames) {
      if (res.destroyed) return;
      if (plan.delayMs) await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
      const bytes = encoder.encode(frame);
      // Split inside a multi-byte character when there is one, else in the middle.
      const multiByte = bytes.findIndex((byte) => byte >= 0xc0);
      const at = multiByte > 0 ? multiByte + 1 : Math.floor(bytes.length / 2);
      res.write(bytes.slice(0, at));
      res.write(bytes.slice(at));
    }
    finished = true;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    nextDisconnect: () =>
      new Promise<void>((resolve) => {
        disconnectWaiters.push(resolve);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

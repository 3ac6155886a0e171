import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A language model on loopback; see {@link startSoakModel}. */
export interface SoakModel {
  /** Base URL for `LLM_BASE_URL`, e.g. `http://127.0.0.1:41234/v1`. */
  url: string;
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenAI-compatible chat-completions API: every `POST /v1/chat/completions`
 * streams `tokens` words, one every `tokenMs`, then `[DONE]`. It makes the soak's answers
 * last as a model's do (about a second), so a process killed mid-load has streams open.
 */
export async function startSoakModel(options: {
  tokens: number;
  tokenMs: number;
}): Promise<SoakModel> {
  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let sent = 0;
    const frame = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const timer = setInterval(() => {
      if (sent < options.tokens) {
        frame({ choices: [{ index: 0, delta: { content: `word${sent} ` } }] });
        sent += 1;
        return;
      }
      clearInterval(timer);
      frame({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      res.end('data: [DONE]\n\n');
    }, options.tokenMs);
    res.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import http from 'node:http';
import type { CapturedRequest } from './fault-upstream.js';
import { listenOnLoopback } from './loopback-server.js';

/** A pass-through proxy in front of an upstream that records every request it relays. */
export interface RecordingProxy {
  url: string;
  requests: CapturedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a proxy on 127.0.0.1 and a free port that forwards every request to `target`
 * (streams included) and records it, so tests can see what reached the upstream. For
 * tests only.
 */
export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const requests: CapturedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: body.toString('utf8'),
    });
    const outgoing = http.request(new URL(req.url ?? '/', target), {
      method: req.method,
      headers: { ...req.headers, host: new URL(target).host },
    });
    outgoing.once('response', (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    outgoing.once('error', () => res.destroy());
    res.once('close', () => outgoing.destroy());
    outgoing.end(body);
  });
  const listening = await listenOnLoopback(server);
  return { url: listening.url, requests, close: listening.close };
}

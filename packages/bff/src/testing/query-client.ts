import http from 'node:http';
import { decodeSseStream, type StreamEvent } from '@agent-chat/protocol';

/** POSTs a JSON body to `<base>/api/agents/<agentId>/query` with fetch. For tests only. */
export function postQuery(
  base: string,
  agentId: string,
  body: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${base}/api/agents/${agentId}/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** Reads a whole response body as spec-dialect events (heartbeats included). */
export async function readEvents(response: Response): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  if (!response.body) return events;
  for await (const event of decodeSseStream(response.body)) events.push(event);
  return events;
}

/** The answer text of a list of events. */
export function answerOf(events: StreamEvent[]): string {
  return events.map((event) => (event.type === 'answer' ? event.text : '')).join('');
}

/** A raw `node:http` POST with the path as written, for tests that need socket-level control. */
export function rawPost(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    // The path is sent as written: `new URL()` would resolve `..` and `%2E%2E` segments.
    const [, origin = '', path = '/'] = /^(https?:\/\/[^/]+)(.*)$/.exec(url) ?? [];
    const { hostname, port } = new URL(origin);
    const request = http.request({
      hostname,
      port,
      path,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        ...headers,
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(payload);
  });
}

/** The visitor id inside a visitor token the BFF issued (what it sends upstream). */
export function visitorIdOfToken(token: string): string {
  const payload = token.slice(0, -23);
  return payload.slice(0, payload.lastIndexOf('_'));
}

/** Asks one JSON question and returns the visitor token and conversation id the BFF gave. */
export async function newVisitor(
  base: string,
  agentId: string,
  headers: Record<string, string> = {},
): Promise<{ visitorId: string; conversationId: string }> {
  const response = await postQuery(base, agentId, { query: 'hello' }, { headers });
  if (response.status !== 200) {
    throw new Error(`newVisitor: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as { visitorId: string; conversationId: string };
}

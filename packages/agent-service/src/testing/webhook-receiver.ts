import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  event: { id: string; type: string; createdAt: string; organizationId: string; data: unknown };
  /** Whether the signature matched the body and timestamp, and the timestamp was within 5 minutes. */
  verified: boolean;
  /** The status it was answered with. */
  status: number;
}

/** A webhook receiver on 127.0.0.1 that verifies signatures as a real receiver would. */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks/agent-chat`. */
  url: string;
  received: ReceivedWebhook[];
  /** Answers the next POSTs with these statuses (then 200). */
  answerNext(...statuses: number[]): void;
  close(): Promise<void>;
}

/**
 * Starts a receiver that checks each POST the way the README tells receivers to, written
 * here independently of the service's code: `sha256=` + hex HMAC-SHA256 (keyed by
 * `secret`) of `"<x-agent-chat-timestamp>.<raw body>"`, compared in constant time, and a
 * timestamp within 300 s of its clock. An unverified POST is answered 401.
 */
export async function startWebhookReceiver(
  secret: string,
  clock: () => number = Date.now,
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const timestamp = String(req.headers['x-agent-chat-timestamp'] ?? '');
    const signature = Buffer.from(String(req.headers['x-agent-chat-signature'] ?? ''));
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`,
    );
    const verified =
      /^\d+$/.test(timestamp) &&
      Math.abs(clock() / 1000 - Number(timestamp)) <= 300 &&
      signature.length === expected.length &&
      timingSafeEqual(signature, expected);
    const status = verified ? (statuses.shift() ?? 200) : 401;
    received.push({ headers: req.headers, body, event: JSON.parse(body), verified, status });
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/agent-chat`,
    received,
    answerNext(...next) {
      statuses.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

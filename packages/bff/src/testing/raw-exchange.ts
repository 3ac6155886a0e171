import { connect } from 'node:net';

/** What came back on a raw socket: the status line's code, the body, and when. */
export interface RawReply {
  /** HTTP status, or 0 when the server closed the socket without answering. */
  status: number;
  headers: string;
  body: string;
  /** Time from the first byte sent to the socket's close (or `waitMs`), ms. */
  elapsedMs: number;
  /** False when `waitMs` passed before the server closed the connection or answered. */
  settled: boolean;
}

/**
 * Writes `head` and then `body` on a fresh TCP connection to `url`'s host (the request
 * exactly as given: lying `Content-Length`s, stalls), and collects what the server answers
 * until it has sent a complete response, closed the socket, or `waitMs` passed. The socket
 * is left open after sending, like a client that stalls. For tests only.
 */
export function rawExchange(
  url: string,
  head: string,
  body = '',
  waitMs = 5_000,
): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    let done = false;
    const finish = (settled: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const split = received.indexOf('\r\n\r\n');
      const headers = split === -1 ? received : received.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({
        status,
        headers,
        body: split === -1 ? '' : received.slice(split + 4),
        elapsedMs: performance.now() - started,
        settled,
      });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const split = received.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(received.slice(0, split))?.[1];
      if (split !== -1 && length !== undefined && received.length - split - 4 >= Number(length)) {
        finish(true);
      }
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(head + body);
  });
}

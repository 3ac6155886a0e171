import http, { type IncomingHttpHeaders, type RequestListener } from 'node:http';
import { pipeline } from 'node:stream';

/** The baseline relay; see {@link createPipeRelay}. */
export interface PipeRelay {
  handle: RequestListener;
  /** Destroys pooled upstream sockets. */
  close(): void;
}

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!hopByHop.has(name)) kept[name] = value;
  }
  return kept;
}

const ignore = (): void => {};

/**
 * The baseline of the relay benchmark: the least a Node relay can do. It forwards method,
 * path and end-to-end headers to `upstreamUrl` over a keep-alive agent with no socket cap,
 * pipes bodies both ways without looking at them, and aborts the upstream request when the
 * client goes away. No validation, policy, rate limits, logging or re-encoding.
 */
export function createPipeRelay(options: { upstreamUrl: string }): PipeRelay {
  const target = new URL(options.upstreamUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const handle: RequestListener = (req, res) => {
    const upstreamRequest = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), host: target.host },
        agent,
      },
      (upstreamResponse) => {
        res.writeHead(upstreamResponse.statusCode ?? 502, endToEnd(upstreamResponse.headers));
        pipeline(upstreamResponse, res, ignore);
      },
    );
    upstreamRequest.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstreamRequest.destroy();
    });
    pipeline(req, upstreamRequest, ignore);
  };
  return { handle, close: () => agent.destroy() };
}

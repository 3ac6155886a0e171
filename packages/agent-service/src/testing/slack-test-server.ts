import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One Web API call the fake received: the method and its arguments (`blocks` parsed). */
export interface SlackCall {
  method: string;
  // biome-ignore lint/suspicious/noExplicitAny: calls are inspected field by field
  args: Record<string, any>;
}

/** A fake of Slack's Web API on 127.0.0.1, enough for the service's calls. */
export interface SlackTestServer {
  /** `http://127.0.0.1:<port>/api/` (the `SLACK_API_URL` to give the service). */
  apiUrl: string;
  /** Every call answered `ok`, in order. */
  calls: SlackCall[];
  /** The `chat.postMessage` calls. */
  posted(): SlackCall[];
  /**
   * Answers the next calls with these statuses (`429` with `Retry-After: 1`), then normally.
   * A status of 0 drops the connection.
   */
  failNext(...statuses: number[]): void;
  /** Every request received, failed ones included. */
  requests: number;
  close(): Promise<void>;
}

/**
 * Starts a fake Slack Web API: `auth.test` knows one bot token (`team`, `botUserId`),
 * `chat.postMessage` and `chat.postEphemeral` answer `ok` and are recorded. Arguments come
 * form-encoded or as JSON, as Slack accepts them.
 */
export async function startSlackTestServer(workspace: {
  botToken: string;
  teamId: string;
  botUserId: string;
}): Promise<SlackTestServer> {
  const calls: SlackCall[] = [];
  const failures: number[] = [];
  let requests = 0;
  let ts = 1_700_000_000;
  const server = createServer(async (req, res) => {
    requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const failure = failures.shift();
    if (failure === 0) {
      req.socket.destroy();
      return;
    }
    if (failure !== undefined) {
      res.writeHead(failure, failure === 429 ? { 'retry-after': '1' } : {});
      res.end(failure === 429 ? '{"ok":false,"error":"ratelimited"}' : 'unavailable');
      return;
    }
    const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0] ?? '';
    const args: Record<string, unknown> = String(req.headers['content-type']).includes('json')
      ? (JSON.parse(text || '{}') as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(text));
    if (typeof args.blocks === 'string') args.blocks = JSON.parse(args.blocks);
    const token =
      (args.token as string | undefined) ??
      String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    res.setHeader('content-type', 'application/json');
    if (token !== workspace.botToken) {
      res.end(JSON.stringify({ ok: false, error: 'invalid_auth' }));
      return;
    }
    calls.push({ method, args });
    if (method === 'auth.test') {
      res.end(
        JSON.stringify({ ok: true, team_id: workspace.teamId, user_id: workspace.botUserId }),
      );
    } else if (method === 'chat.postMessage') {
      ts++;
      res.end(JSON.stringify({ ok: true, channel: args.channel, ts: `${ts}.000100` }));
    } else {
      res.end(JSON.stringify({ ok: true }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    calls,
    posted: () => calls.filter((call) => call.method === 'chat.postMessage'),
    failNext(...statuses) {
      failures.push(...statuses);
    },
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

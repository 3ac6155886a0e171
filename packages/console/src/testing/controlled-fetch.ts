/** One request the console made, waiting for the test to answer it. */
export interface PendingCall {
  /** `METHOD path`, the path relative to the base URL with its query: `GET api/agents?x=1`. */
  route: string;
  headers: Headers;
  /** The parsed JSON body, if one was sent. */
  body: unknown;
  /** Answers with `body` as JSON, or with no body (e.g. 204) when it is omitted. */
  respond(status: number, body?: unknown): void;
  /** Answers with a raw body (a proxy's HTML page, say). */
  respondText(status: number, text: string): void;
  /** Answers with an event stream the test writes as it goes. */
  respondStream(status?: number): StreamBody;
  /** Fails like a network error (`fetch` rejects). */
  fail(): void;
}

/** A response body the test writes piece by piece. */
export interface StreamBody {
  /** Sends text (UTF-8). */
  push(text: string): void;
  close(): void;
  /** Breaks the body off, as a lost connection does. */
  fail(): void;
}

/** A `fetch` whose requests the test answers by hand, one at a time. */
export interface ControlledFetch {
  /** Where the console is mounted in these tests. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  /** Resolves with the next request not taken yet (already made or still to come). */
  next(): Promise<PendingCall>;
  /** {@link next}, failing when that request is not `route` (`GET api/agents`). */
  take(route: string): Promise<PendingCall>;
  /** Requests made and not taken yet by {@link next}. */
  untaken(): number;
}

/**
 * Creates a {@link ControlledFetch} mounted at `https://console.test/`: nothing answers until
 * the test does, so it can look at a model while a call is in flight. Aborting a request
 * rejects it like a real fetch.
 */
export function createControlledFetch(): ControlledFetch {
  const baseUrl = 'https://console.test/';
  const calls: PendingCall[] = [];
  const takers: ((call: PendingCall) => void)[] = [];
  const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const route = `${init.method ?? 'GET'} ${url.pathname.slice(1)}${url.search}`;
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
      const call: PendingCall = {
        route,
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        respond(status, body) {
          resolve(
            body === undefined
              ? new Response(null, { status })
              : new Response(JSON.stringify(body), {
                  status,
                  headers: { 'content-type': 'application/json' },
                }),
          );
        },
        respondText(status, text) {
          resolve(new Response(text, { status, headers: { 'content-type': 'text/html' } }));
        },
        respondStream(status = 200) {
          let controller!: ReadableStreamDefaultController<Uint8Array>;
          const stream = new ReadableStream<Uint8Array>({
            start(streamController) {
              controller = streamController;
            },
          });
          init.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('The operation was aborted.', 'AbortError')),
          );
          resolve(
            new Response(stream, { status, headers: { 'content-type': 'text/event-stream' } }),
          );
          const encoder = new TextEncoder();
          return {
            push: (text) => controller.enqueue(encoder.encode(text)),
            close: () => controller.close(),
            fail: () => controller.error(new TypeError('network error')),
          };
        },
        fail() {
          reject(new TypeError('Failed to fetch'));
        },
      };
      const taker = takers.shift();
      if (taker) taker(call);
      else calls.push(call);
    });
  return {
    baseUrl,
    fetch: fakeFetch as typeof fetch,
    next() {
      const call = calls.shift();
      return call ? Promise.resolve(call) : new Promise((resolve) => takers.push(resolve));
    },
    async take(route) {
      const call = await this.next();
      if (call.route !== route)
        throw new Error(`Expected ${route}, the console sent ${call.route}`);
      return call;
    },
    untaken: () => calls.length,
  };
}

/** A byte stream a test feeds one fragment at a time. */
export interface ControlledStream {
  readonly stream: ReadableStream<Uint8Array>;
  /** Enqueues text (UTF-8) or raw bytes. */
  push(chunk: string | Uint8Array): void;
  /**
   * Resolves once the reader has taken every chunk pushed so far and asks for the next: a
   * consumer that reads one chunk at a time (an async iterator) has handled them all.
   */
  consumed(): Promise<void>;
  close(): void;
  fail(error: unknown): void;
}

/** Creates a {@link ControlledStream}. */
export function createControlledStream(): ControlledStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  // With no queue wanted (high-water mark 0), `pull` means a read is waiting on an empty queue.
  let asking = false;
  const askers: (() => void)[] = [];
  const stream = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
      },
      pull() {
        asking = true;
        for (const resolve of askers.splice(0)) resolve();
      },
      cancel() {
        open = false;
      },
    },
    { highWaterMark: 0 },
  );
  const encoder = new TextEncoder();
  return {
    stream,
    push(chunk) {
      if (!open) return;
      asking = false;
      controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    consumed() {
      return asking ? Promise.resolve() : new Promise((resolve) => askers.push(resolve));
    },
    close() {
      if (open) controller.close();
      open = false;
    },
    fail(error) {
      if (open) controller.error(error);
      open = false;
    },
  };
}

/** One request received by a {@link FakeFetch}. */
export interface FakeRequest {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
  /** Answers with a streaming response and returns the stream to feed. */
  stream(status?: number): ControlledStream;
  /** Answers with a JSON body. */
  json(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Answers with a raw text body (an HTML error page, say). */
  text(status: number, body: string, headers?: Record<string, string>): void;
  /** Fails like a network error. */
  reject(error?: unknown): void;
}

/** A fetch whose requests the test answers by hand. */
export interface FakeFetch {
  readonly fetch: typeof fetch;
  readonly requests: FakeRequest[];
  /** Resolves with the next request (already received or not). */
  next(): Promise<FakeRequest>;
}

/** Creates a {@link FakeFetch}. Aborting a request errors its body like a real fetch. */
export function createFakeFetch(): FakeFetch {
  const requests: FakeRequest[] = [];
  const waiting: ((request: FakeRequest) => void)[] = [];
  let taken = 0;
  const fakeFetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const abortError = (): DOMException => new DOMException('The user aborted.', 'AbortError');
      const signal = init.signal;
      let current: ControlledStream | undefined;
      signal?.addEventListener('abort', () => {
        reject(abortError());
        current?.fail(abortError());
      });
      const request: FakeRequest = {
        url: String(input),
        init,
        body: (init.body === undefined ? {} : JSON.parse(String(init.body))) as Record<
          string,
          unknown
        >,
        stream(status = 200) {
          current = createControlledStream();
          resolve(
            new Response(current.stream, {
              status,
              headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
            }),
          );
          return current;
        },
        json(status, body, headers = {}) {
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json', ...headers },
            }),
          );
        },
        text(status, body, headers = {}) {
          resolve(
            new Response(body, { status, headers: { 'Content-Type': 'text/html', ...headers } }),
          );
        },
        reject(error = new TypeError('Failed to fetch')) {
          reject(error);
        },
      };
      requests.push(request);
      const waiter = waiting.shift();
      if (waiter) {
        taken++;
        waiter(request);
      }
    });
  return {
    fetch: fakeFetch as typeof fetch,
    requests,
    next() {
      const ready = requests[taken];
      if (ready) {
        taken++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
}

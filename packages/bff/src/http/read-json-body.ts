import type { IncomingMessage } from 'node:http';

/**
 * Why a body could not be read, with the HTTP status the browser gets. `already-read`: the
 * request stream was consumed before the BFF got it and left no body behind.
 */
export type JsonBodyFailure =
  | { status: 413; reason: 'too-large' }
  | { status: 408; reason: 'timeout' }
  | { status: 400; reason: 'invalid-json' }
  | { status: 415; reason: 'not-json' | 'unsupported-charset' | 'unsupported-encoding' }
  | { status: 500; reason: 'already-read' };

/** Outcome of {@link readJsonBody}; `aborted` when the client went away while sending it. */
export type JsonBodyResult =
  | { ok: true; body: unknown }
  | ({ ok: false } & JsonBodyFailure)
  | { ok: false; status: 0; reason: 'aborted' };

const jsonTypes = new Set(['application/json', 'text/plain']);
const utf8Charsets = new Set(['utf-8', 'utf8']);

/** The media type and charset of a `Content-Type` value, lower-cased. */
function parseContentType(value: string): { type: string; charset: string | undefined } {
  const semicolon = value.indexOf(';');
  if (semicolon === -1) return { type: value.trim().toLowerCase(), charset: undefined };
  const type = value.slice(0, semicolon).trim().toLowerCase();
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(value);
  return { type, charset: match?.[1]?.toLowerCase() };
}

/** What the headers alone already rule out, before any byte is read. */
function checkHeaders(req: IncomingMessage, limit: number): JsonBodyFailure | undefined {
  const contentType = req.headers['content-type'];
  if (contentType === undefined) return { status: 415, reason: 'not-json' };
  const { type, charset } = parseContentType(contentType);
  if (!jsonTypes.has(type)) return { status: 415, reason: 'not-json' };
  if (charset !== undefined && !utf8Charsets.has(charset)) {
    return { status: 415, reason: 'unsupported-charset' };
  }
  const encoding = req.headers['content-encoding'];
  if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
    return { status: 415, reason: 'unsupported-encoding' };
  }
  const length = req.headers['content-length'];
  if (length !== undefined && Number(length) > limit) return { status: 413, reason: 'too-large' };
  return undefined;
}

function parse(text: string): JsonBodyResult {
  // A UTF-8 byte order mark is not JSON, but some clients send one.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (json.trim() === '') return { ok: true, body: {} };
  try {
    return { ok: true, body: JSON.parse(json) as unknown };
  } catch {
    return { ok: false, status: 400, reason: 'invalid-json' };
  }
}

/**
 * The body of a request whose stream a body parser of the host app has already read (e.g.
 * `app.use(express.json())` before the BFF): the parsed value it left in `req.body` (the
 * body-parser convention), under the same size limit; a string or Buffer is parsed here.
 */
function bodyReadBefore(req: IncomingMessage, limit: number): JsonBodyResult {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (body === undefined) return { ok: false, status: 500, reason: 'already-read' };
  const text =
    typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
  if (Buffer.byteLength(text ?? JSON.stringify(body) ?? '') > limit) {
    return { ok: false, status: 413, reason: 'too-large' };
  }
  return text === undefined ? { ok: true, body } : parse(text);
}

/**
 * Reads a small JSON request body (UTF-8, `application/json` or `text/plain`, the latter so
 * that cross-origin pages can post without a CORS preflight) and parses it.
 *
 * The public query route's own reader: it takes only what a query needs, so the hot path
 * does not pay for a general body parser's content negotiation. Refuses, without reading
 * further: a body over `limit` bytes (by `Content-Length` or as it arrives: 413), another
 * media type, a charset other than UTF-8, or any `Content-Encoding` (415). An empty body is
 * `{}`. A body a host app's parser already read is taken from `req.body`
 * ({@link bodyReadBefore}). A body that has not fully arrived within `timeoutMs` (a client
 * that stalls, or declares a longer `Content-Length` than it sends) is `timeout` (408).
 * Calls `done` exactly once; `aborted` when the request ends or fails before its end.
 */
export function readJsonBody(
  req: IncomingMessage,
  limit: number,
  done: (result: JsonBodyResult) => void,
  timeoutMs = 10_000,
): void {
  const refused = checkHeaders(req, limit);
  if (refused) {
    done({ ok: false, ...refused });
    return;
  }
  if (req.readableEnded) {
    done(bodyReadBefore(req, limit));
    return;
  }
  let first: Buffer | undefined;
  let chunks: Buffer[] | undefined;
  let received = 0;
  let settled = false;

  const timer = setTimeout(() => {
    req.pause();
    settle({ ok: false, status: 408, reason: 'timeout' });
  }, timeoutMs);
  timer.unref();
  const settle = (result: JsonBodyResult): void => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onAbort);
    req.off('close', onAbort);
    done(result);
  };
  function onData(chunk: Buffer): void {
    received += chunk.length;
    if (received > limit) {
      req.pause();
      settle({ ok: false, status: 413, reason: 'too-large' });
      return;
    }
    if (first === undefined) {
      first = chunk;
      return;
    }
    chunks ??= [first];
    chunks.push(chunk);
  }
  function onEnd(): void {
    const bytes = chunks ? Buffer.concat(chunks, received) : first;
    settle(parse(bytes ? bytes.toString('utf8') : ''));
  }
  function onAbort(): void {
    settle({ ok: false, status: 0, reason: 'aborted' });
  }
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onAbort);
  req.on('close', onAbort);
}

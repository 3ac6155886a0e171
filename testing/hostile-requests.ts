import http from 'node:http';
import fc from 'fast-check';

/**
 * Generated hostile HTTP requests (fast-check arbitraries), a raw sender and the reply
 * invariants every route of the BFF and the agent service must keep. For tests only.
 */

/** One generated request, sent exactly as written (raw path, raw body bytes). */
export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What came back, or why nothing did. */
export interface HostileReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  elapsedMs: number;
}

/** A route template: `:id` is replaced by a generated id segment. */
export interface RouteTemplate {
  method: string;
  path: string;
}

/** Ids as a hostile client writes them in a path: valid, encoded, malformed, traversal. */
export const idSegment: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/),
  fc.constantFrom(
    'demo',
    '%ZZ',
    '%',
    'a%',
    '%C0%AF',
    '%E0%A4%A',
    '..',
    '%2E%2E',
    '..%2F..%2Fetc',
    '%00',
    'a%0Ab',
    '%FF%FE',
    'x'.repeat(129),
    '%F0%9F%98%80',
    'UPPER',
    '-',
    '_',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }).map((text) => encodeURIComponent(text) || 'e'),
);

/** Query strings: none, harmless, or carrying secrets and odd encodings. */
const queryString = fc.constantFrom('', '', '', '?a=1', '?token=t0k3n', '?%ZZ=%', '?x=%00&y');

const printable = fc.stringMatching(/^[\x21-\x7e]{0,40}$/);

/** Content types a hostile client declares. */
const contentType = fc.option(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'text/plain;charset=UTF-16',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/vnd.api+json',
    'text/html',
    '*/*',
    ';;;',
    'application/json; charset="utf-8"; boundary=',
  ),
  { nil: undefined },
);

/** JSON-ish values for bodies: from the schema's fields to anything at all. */
const queryLike = fc.record(
  {
    query: fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('hi', 'How do I install the widget?', ' ', '', 'a\u0000b', '\u001b[2J'),
      fc.integer(),
      fc.constant(null),
    ),
    streaming: fc.oneof(fc.boolean(), fc.constant('yes')),
    visitorId: fc.oneof(idSegment, fc.integer()),
    conversationId: idSegment,
    temperature: fc.double(),
    filters: fc.anything({ maxDepth: 2 }),
    name: fc.string({ unit: 'binary', maxLength: 30 }),
    documents: fc.array(
      fc.record({ name: fc.string({ maxLength: 10 }), text: fc.string({ maxLength: 40 }) }),
      { maxLength: 3 },
    ),
    __proto__: fc.constant({ polluted: true }),
  },
  { requiredKeys: [] },
);

/** Request bodies: JSON of every shape, broken JSON, binary junk, big ones, none. */
const body = fc.oneof(
  { weight: 4, arbitrary: queryLike.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.json({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '{"query":"hi"',
      '[]',
      'null',
      '"x"',
      '{"query":"hi"}{"query":"again"}',
      '\uFEFF{"query":"hi"}',
      `{"query":"${'x'.repeat(20_000)}"}`,
      `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
      '{"__proto__":{"admin":true},"query":"hi"}',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Extra headers: request ids, origins, encodings, lying lengths are left to the raw tests. */
const headers = (adminToken: string) =>
  fc.record(
    {
      authorization: fc.oneof(
        fc.constant(`Bearer ${adminToken}`),
        fc.constant(`bearer   ${adminToken}  `),
        fc.constant('Bearer wrong-token-0123456789'),
        printable.map((text) => `Bearer ${text}`),
        printable,
      ),
      'x-request-id': printable,
      origin: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1', 'x'),
      'content-encoding': fc.constantFrom('gzip', 'identity', 'br', 'x'),
      accept: fc.constantFrom('text/event-stream', 'application/json', '*/*', ''),
      'accept-encoding': fc.constantFrom('gzip', 'identity', '*'),
      cookie: printable,
    },
    { requiredKeys: [] },
  );

/** Generated requests at one route template (sometimes with another method). */
export function hostileRequest(
  route: RouteTemplate,
  adminToken: string,
): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(route.method) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        },
      ),
      id: idSegment,
      query: queryString,
      trailingSlash: fc.boolean(),
      headers: headers(adminToken),
      contentType,
      body,
    })
    .map(({ method, id, query, trailingSlash, headers: extra, contentType: type, body: text }) => {
      const path = `${route.path.replace(':id', id)}${trailingSlash ? '/' : ''}${query}`;
      const all: Record<string, string> = { ...extra };
      if (type !== undefined) all['content-type'] = type;
      return { method, path, headers: all, body: method === 'GET' ? undefined : text };
    });
}

/** Sends a request as written on a fresh connection; rejects after `timeoutMs` without an answer. */
export function sendHostile(
  base: string,
  request: HostileRequest,
  timeoutMs: number,
): Promise<HostileReply> {
  const { hostname, port, pathname } = new URL(base);
  const prefix = pathname.replace(/\/$/, '');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.request({
      host: hostname,
      port,
      method: request.method,
      path: `${prefix}${request.path}`,
      agent: false,
      headers: {
        ...request.headers,
        ...(request.body === undefined
          ? {}
          : { 'content-length': Buffer.byteLength(request.body) }),
      },
      timeout: timeoutMs,
    });
    outgoing.on('timeout', () => {
      outgoing.destroy(new Error(`no complete answer within ${timeoutMs} ms`));
    });
    outgoing.on('error', reject);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          elapsedMs: performance.now() - started,
        }),
      );
    });
    outgoing.end(request.body);
  });
}

/**
 * What every reply must be: below 500, and a 4xx is the API's JSON error. Returns a
 * description of what is wrong, or `undefined`.
 */
export function problemWith(reply: HostileReply): string | undefined {
  if (reply.status >= 500) return `status ${reply.status}: ${reply.body.slice(0, 300)}`;
  if (reply.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      return `a ${reply.status} that is not JSON: ${reply.body.slice(0, 200)}`;
    }
    const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
      return `a ${reply.status} without {error:{code,message}}: ${reply.body.slice(0, 200)}`;
    }
  }
  return undefined;
}

import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import { type JsonBodyResult, readJsonBody } from './read-json-body.js';

const LIMIT = 64;

/** A test server: its base URL, and how many body bytes its latest request has received. */
interface Receiver {
  base: string;
  arrived: number;
}

/**
 * Sends raw bytes in the given pieces, one write per piece, each after the server has
 * received the one before: the server reads every piece as a chunk of its own.
 */
async function send(
  receiver: Receiver,
  pieces: (string | Buffer)[],
  headers: Record<string, string>,
): Promise<JsonBodyResult> {
  const request = http.request(`${receiver.base}/`, { method: 'POST', headers });
  const response = new Promise<JsonBodyResult>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(JSON.parse(text) as JsonBodyResult));
    });
    request.on('error', reject);
  });
  let sent = 0;
  for (const [index, piece] of pieces.entries()) {
    request.write(piece);
    sent += Buffer.byteLength(piece);
    if (index < pieces.length - 1) {
      await expect
        .poll(() => receiver.arrived, { message: 'the server receives the piece' })
        .toBe(sent);
    }
  }
  request.end();
  return response;
}

describe('readJsonBody', () => {
  const server: Receiver = { base: '', arrived: 0 };
  let close: () => Promise<void>;
  const results: JsonBodyResult[] = [];
  let closedRequests = 0;
  beforeAll(async () => {
    let url: string;
    ({ url, close } = await listenOnLoopback(
      http.createServer((req, res) => {
        server.arrived = 0;
        readJsonBody(req, LIMIT, (result) => {
          results.push(result);
          if (!result.ok) res.setHeader('Connection', 'close');
          res.end(JSON.stringify(result));
        });
        // After readJsonBody's listeners: they have seen each chunk, and every event, first.
        req.on('data', (chunk: Buffer) => {
          server.arrived += chunk.length;
        });
        req.on('close', () => {
          closedRequests += 1;
        });
      }),
    ));
    server.base = url;
  });
  afterAll(() => close());

  const json = { 'content-type': 'application/json' };

  it('parses a body split inside a multi-byte character, with a byte order mark', async () => {
    const bytes = Buffer.from('\uFEFF{"query":"caf\u00e9 \u{1F600}"}', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const emoji = bytes.indexOf(0xf0) + 2; // inside the four bytes of the emoji
    const result = await send(
      server,
      [bytes.subarray(0, cut), bytes.subarray(cut, emoji), bytes.subarray(emoji)],
      json,
    );
    expect(result).toEqual({ ok: true, body: { query: 'caf\u00e9 \u{1F600}' } });
  });

  it('accepts text/plain and an explicit UTF-8 charset; an empty body is {}', async () => {
    expect(await send(server, ['{"a":1}'], { 'content-type': 'text/plain;charset=UTF-8' })).toEqual(
      {
        ok: true,
        body: { a: 1 },
      },
    );
    expect(await send(server, [], { ...json, 'content-length': '0' })).toEqual({
      ok: true,
      body: {},
    });
  });

  it('refuses what is not UTF-8 JSON, before reading it', async () => {
    expect(
      await send(server, ['a=1'], { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toMatchObject({ ok: false, status: 415, reason: 'not-json' });
    expect(await send(server, ['{}'], {})).toMatchObject({ status: 415, reason: 'not-json' });
    expect(
      await send(server, ['{}'], { 'content-type': 'application/json; charset=latin1' }),
    ).toMatchObject({ status: 415, reason: 'unsupported-charset' });
    expect(await send(server, ['{}'], { ...json, 'content-encoding': 'gzip' })).toMatchObject({
      status: 415,
      reason: 'unsupported-encoding',
    });
  });

  it('answers 400 for invalid JSON, also when the body ends inside a value', async () => {
    expect(await send(server, ['{"query":', '"unfinished'], json)).toMatchObject({
      status: 400,
      reason: 'invalid-json',
    });
  });

  it('refuses a body over the limit by its Content-Length or as it arrives', async () => {
    const big = 'x'.repeat(LIMIT + 1);
    expect(
      await send(server, [big], { ...json, 'content-length': String(LIMIT + 1) }),
    ).toMatchObject({ status: 413, reason: 'too-large' });
    // Chunked: no Content-Length; the limit is crossed by the third piece.
    const piece = 'y'.repeat(LIMIT / 2 - 1);
    expect(await send(server, [piece, piece, piece], json)).toMatchObject({
      status: 413,
      reason: 'too-large',
    });
    // Exactly at the limit is fine.
    const atLimit = `{"q":"${'z'.repeat(LIMIT - 8)}"}`;
    expect(Buffer.byteLength(atLimit)).toBe(LIMIT);
    expect(await send(server, [atLimit], json)).toMatchObject({ ok: true });
  });

  it('reports a client that leaves mid-body as aborted, once', async () => {
    const before = results.length;
    const request = http.request(`${server.base}/`, {
      method: 'POST',
      headers: { ...json, 'content-length': '40' },
    });
    request.on('error', () => {});
    const closedBefore = closedRequests;
    request.write('{"query":"half');
    await expect.poll(() => server.arrived).toBe('{"query":"half'.length);
    request.destroy();
    // Its last event ('close') has reached every listener: a second result would be in.
    await expect.poll(() => closedRequests).toBe(closedBefore + 1);
    expect(results.slice(before)).toEqual([{ ok: false, status: 0, reason: 'aborted' }]);
  });
});

describe('readJsonBody of a request a host app read first', () => {
  const server: Receiver = { base: '', arrived: 0 };
  let close: () => Promise<void>;
  beforeAll(async () => {
    let url: string;
    // `x-left-body` says what the "host parser" leaves in req.body after draining the stream.
    ({ url, close } = await listenOnLoopback(
      http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        server.arrived = 0;
        req.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          server.arrived += chunk.length;
        });
        req.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const left = req.headers['x-left-body'];
          const target = req as http.IncomingMessage & { body?: unknown };
          if (left === 'parsed') target.body = JSON.parse(text) as unknown;
          if (left === 'string') target.body = text;
          if (left === 'buffer') target.body = Buffer.from(text);
          readJsonBody(req, LIMIT, (result) => res.end(JSON.stringify(result)));
        });
      }),
    ));
    server.base = url;
  });
  afterAll(() => close());
  const headers = (left: string) => ({ 'content-type': 'application/json', 'x-left-body': left });

  it('takes the body the host left in req.body, parsed or raw', async () => {
    for (const left of ['parsed', 'string', 'buffer']) {
      expect(await send(server, ['{"query":"hi"}'], headers(left)), left).toEqual({
        ok: true,
        body: { query: 'hi' },
      });
    }
    expect(await send(server, ['{"query":'], headers('string'))).toMatchObject({
      status: 400,
      reason: 'invalid-json',
    });
  });

  it('keeps its own size limit for a body read before it', async () => {
    const big = JSON.stringify({ query: 'x'.repeat(LIMIT) });
    expect(await send(server, [big], headers('parsed'))).toMatchObject({
      status: 413,
      reason: 'too-large',
    });
  });

  it('says the body is gone, instead of waiting for it, when nothing was left', async () => {
    expect(await send(server, ['{"query":"hi"}'], headers('none'))).toEqual({
      ok: false,
      status: 500,
      reason: 'already-read',
    });
  });
});

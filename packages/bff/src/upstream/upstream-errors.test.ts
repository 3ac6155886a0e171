import { ERROR_CODES } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { errorCodeOfBody, mapUpstreamError, mapUpstreamStatus } from './upstream-errors.js';

describe('errorCodeOfBody', () => {
  it('finds the code in each form an upstream sends', () => {
    expect(errorCodeOfBody('{"error":{"code":"NOT_FOUND","message":"x"}}')).toBe('NOT_FOUND');
    expect(errorCodeOfBody('{"error":"USAGE_LIMIT"}')).toBe('USAGE_LIMIT');
    expect(errorCodeOfBody('data: [ERROR]UNAUTHORIZED\n\n')).toBe('UNAUTHORIZED');
    expect(errorCodeOfBody('  {"error":{"code":"RATE_LIMITED"}}\n')).toBe('RATE_LIMITED');
  });

  it('finds none in a body without one', () => {
    for (const body of ['', 'Internal Server Error', '{"message":"boom"}', '[1,2]', 'null']) {
      expect(errorCodeOfBody(body), body).toBeUndefined();
    }
  });

  it('takes only what is shaped like a code, since the code is logged', () => {
    // An upstream that echoes a header (here the bearer token) or a message where the code goes.
    const secret = 'Bearer sk-live-0123456789abcdef';
    expect(errorCodeOfBody(JSON.stringify({ error: { code: secret } }))).toBeUndefined();
    expect(errorCodeOfBody(JSON.stringify({ error: { code: 'not found' } }))).toBeUndefined();
    expect(errorCodeOfBody(JSON.stringify({ error: { code: 42 } }))).toBeUndefined();
    expect(errorCodeOfBody(JSON.stringify({ error: `A${'B'.repeat(64)}` }))).toBeUndefined();
    expect(errorCodeOfBody(`data: [ERROR]${secret}`)).toBe(ERROR_CODES.upstreamError);
    // A code with a message after it keeps the code only.
    expect(errorCodeOfBody('{"error":"USAGE_LIMIT: plan exhausted for sk-live-1"}')).toBe(
      'USAGE_LIMIT',
    );
  });
});

describe('mapUpstreamStatus', () => {
  it('never passes an unknown upstream code on to the browser', () => {
    expect(mapUpstreamStatus(500, 'SOME_INTERNAL_CODE', 'a')).toMatchObject({
      status: 502,
      code: ERROR_CODES.upstreamError,
    });
    expect(mapUpstreamStatus(200, ERROR_CODES.usageLimit, 'a').status).toBe(402);
    expect(mapUpstreamStatus(403, undefined, 'a').code).toBe(ERROR_CODES.upstreamAuth);
    expect(mapUpstreamStatus(403, ERROR_CODES.unauthorized, 'a').code).toBe(
      ERROR_CODES.upstreamAuth,
    );
  });

  it('keeps the service refusing the request (403 FORBIDDEN) a 403, with the BFF’s message', () => {
    expect(mapUpstreamStatus(403, ERROR_CODES.forbidden, 'a')).toEqual({
      status: 403,
      code: ERROR_CODES.forbidden,
      message: expect.stringContaining('may not do'),
    });
    expect(
      mapUpstreamError(403, { code: ERROR_CODES.forbidden, message: 'not "x"' }, 'operator'),
    ).toEqual({ status: 403, code: ERROR_CODES.forbidden, message: 'not "x"' });
  });

  it('keeps a refusal of the visitor input a client error, with its own message', () => {
    for (const status of [400, 409, 422]) {
      expect(mapUpstreamStatus(status, 'SOME_INTERNAL_CODE', 'a')).toMatchObject({
        status: 400,
        code: ERROR_CODES.invalidRequest,
        message: expect.stringContaining('could not accept this question'),
      });
    }
    expect(mapUpstreamStatus(413, undefined, 'a').status).toBe(413);
    expect(mapUpstreamStatus(429, undefined, 'a').code).toBe(ERROR_CODES.rateLimited);
    // A status no input of the visitor explains is the server's problem.
    expect(mapUpstreamStatus(405, undefined, 'a').status).toBe(502);
  });
});

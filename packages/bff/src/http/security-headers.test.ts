import { createServer } from 'node:http';
import express from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { listenOnLoopback } from '../testing/loopback-server.js';
import { helmetOptions, securityHeadersMiddleware } from './security-headers.js';

describe('security headers', () => {
  let base = '';
  let close: () => Promise<void>;
  beforeAll(async () => {
    const app = express();
    app.get('/helmet', helmet(helmetOptions), (_req, res) => {
      res.send('ok');
    });
    app.get('/precomputed', securityHeadersMiddleware(), (_req, res) => {
      res.send('ok');
    });
    ({ url: base, close } = await listenOnLoopback(createServer(app)));
  });
  afterAll(() => close());

  const headersOf = async (path: string) => {
    const response = await fetch(`${base}${path}`);
    await response.text();
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  };

  it('sets exactly the headers helmet sets, on every response', async () => {
    const expected = await headersOf('/helmet');
    expect(expected['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(expected['x-content-type-options']).toBe('nosniff');
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(expected['referrer-policy']).toBe('no-referrer');
    expect(expected['cross-origin-resource-policy']).toBe('cross-origin');
    expect(expected['x-powered-by']).toBeUndefined();
    expect(await headersOf('/precomputed')).toEqual(expected);
    expect(await headersOf('/precomputed')).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { ConsoleApiError, createApiClient } from './api-client.js';

function setup() {
  const server = createControlledFetch();
  let unauthorized = 0;
  const client = createApiClient({
    baseUrl: server.baseUrl,
    fetch: server.fetch,
    onUnauthorized: () => {
      unauthorized += 1;
    },
  });
  return { server, client, unauthorized: () => unauthorized };
}

/** The rejection of `promise`, which must reject. */
async function failureOf(promise: Promise<unknown>): Promise<ConsoleApiError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(ConsoleApiError);
  return failure as ConsoleApiError;
}

describe('createApiClient', () => {
  it('sends JSON with the session CSRF token, and reads JSON or nothing (204) back', async () => {
    const { server, client } = setup();
    client.setCsrfToken('csrf-1');
    const created = client.request('POST', 'api/agents', { name: 'Helper' });
    const call = await server.take('POST api/agents');
    expect(call.body).toEqual({ name: 'Helper' });
    expect(call.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(call.headers.get('content-type')).toBe('application/json');
    call.respond(201, { id: 'a1' });
    expect(await created).toEqual({ id: 'a1' });

    client.setCsrfToken(undefined);
    expect(client.authHeaders()).toEqual({});
    const removed = client.request('DELETE', 'api/agents/a1');
    const deletion = await server.take('DELETE api/agents/a1');
    expect(deletion.headers.has('x-csrf-token')).toBe(false);
    expect(deletion.headers.has('content-type')).toBe(false);
    deletion.respond(204);
    expect(await removed).toBeUndefined();
  });

  it("keeps the API's error code and message, and describes a status without one", async () => {
    const { server, client } = setup();
    const refused = client.request('PATCH', 'api/agents/a1', {});
    (await server.take('PATCH api/agents/a1')).respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'name is too long' },
    });
    expect(await failureOf(refused)).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      message: 'name is too long',
    });

    const proxied = client.request('GET', 'api/agents');
    (await server.take('GET api/agents')).respondText(502, '<html>Bad gateway</html>');
    expect(await failureOf(proxied)).toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'The server answered 502.',
    });

    const limited = client.request('POST', 'admin/api/session', { token: 'x' });
    (await server.take('POST admin/api/session')).respond(429);
    expect((await failureOf(limited)).message).toBe('Too many attempts; wait and try again.');
  });

  it('reports a network failure as NETWORK, status 0', async () => {
    const { server, client } = setup();
    const call = client.request('GET', 'api/agents');
    (await server.take('GET api/agents')).fail();
    expect(await failureOf(call)).toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'The server could not be reached.',
    });
  });

  it('calls onUnauthorized on a 401, except from the session routes themselves', async () => {
    const { server, client, unauthorized } = setup();
    const signIn = client.request('POST', 'admin/api/session', { token: 'wrong' });
    (await server.take('POST admin/api/session')).respond(401, {
      error: { code: 'UNAUTHORIZED', message: 'Wrong token.' },
    });
    expect((await failureOf(signIn)).message).toBe('Wrong token.');
    expect(unauthorized()).toBe(0);

    const list = client.request('GET', 'api/agents');
    (await server.take('GET api/agents')).respond(401);
    expect((await failureOf(list)).message).toBe(
      'You are not signed in, or your session has expired.',
    );
    expect(unauthorized()).toBe(1);
    client.unauthorized();
    expect(unauthorized()).toBe(2);
  });

  it('downloads a file with the CSRF header, or rejects like request', async () => {
    const { server, client, unauthorized } = setup();
    client.setCsrfToken('csrf-2');
    const file = client.download('api/conversations/export?format=csv');
    const call = await server.take('GET api/conversations/export?format=csv');
    expect(call.headers.get('x-csrf-token')).toBe('csrf-2');
    call.respondText(200, 'a,b\r\n');
    expect(await (await file).text()).toBe('a,b\r\n');

    const expired = client.download('api/conversations/export?format=jsonl');
    (await server.take('GET api/conversations/export?format=jsonl')).respond(401);
    expect((await failureOf(expired)).status).toBe(401);
    expect(unauthorized()).toBe(1);

    const missing = client.download('api/nothing');
    (await server.take('GET api/nothing')).respondText(404, 'not found');
    expect(await failureOf(missing)).toMatchObject({ status: 404, message: 'Not found.' });
  });
});

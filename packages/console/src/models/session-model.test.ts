import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createConsoleModel } from './console-model.js';

/** The console over a controlled server: the session and the client every page uses. */
function setup() {
  const server = createControlledFetch();
  const app = createConsoleModel({ baseUrl: server.baseUrl, fetch: server.fetch });
  return { server, app, session: app.session };
}

const session = { csrfToken: 'csrf-1', expiresAt: '2030-01-01T08:00:00.000Z' };

describe('session model', () => {
  it('is signed out when the session check answers 401, without an error', async () => {
    const { server, session: model } = setup();
    expect(model.status.value).toBe('checking');
    const checking = model.check();
    (await server.take('GET admin/api/session')).respond(401);
    await checking;
    expect(model.status.value).toBe('signed-out');
    expect(model.error.value).toBeUndefined();

    const unreachable = model.check();
    (await server.take('GET admin/api/session')).fail();
    await unreachable;
    expect(model.error.value).toBe('The server could not be reached.');
  });

  it('signs in once with the token, then sends its CSRF token with every call', async () => {
    const { server, app, session: model } = setup();
    await model.signIn('  ');
    expect(model.error.value).toBe('Enter the admin token.');
    expect(server.untaken()).toBe(0);

    const signingIn = model.signIn('admin-token');
    expect(model.status.value).toBe('signing-in');
    await model.signIn('admin-token'); // while signing in: ignored
    const call = await server.take('POST admin/api/session');
    expect(call.body).toEqual({ token: 'admin-token' });
    call.respond(200, session);
    await signingIn;
    expect(server.untaken()).toBe(0);
    expect(model.status.value).toBe('signed-in');
    expect(model.expiresAt.value).toBe(session.expiresAt);

    const named = model.signIn('admin-token', '  Ada ');
    const namedCall = await server.take('POST admin/api/session');
    expect(namedCall.body).toEqual({ token: 'admin-token', name: 'Ada' });
    namedCall.respond(200, { ...session, operator: 'Ada' });
    await named;
    expect(model.operator.value).toBe('Ada');

    const agents = app.agents.load();
    const list = await server.take('GET api/agents');
    expect(list.headers.get('x-csrf-token')).toBe('csrf-1');
    list.respond(200, []);
    await agents;
  });

  it('shows why a sign-in failed, and ends the session when any call answers 401', async () => {
    const { server, app, session: model } = setup();
    const wrong = model.signIn('wrong');
    (await server.take('POST admin/api/session')).respond(401, {
      error: { code: 'UNAUTHORIZED', message: 'The admin token is not valid.' },
    });
    await wrong;
    expect(model.status.value).toBe('signed-out');
    expect(model.error.value).toBe('The admin token is not valid.');

    const right = model.signIn('right');
    (await server.take('POST admin/api/session')).respond(200, session);
    await right;
    const insights = app.insights.load();
    (await server.next()).respond(401);
    await insights;
    expect(model.status.value).toBe('signed-out');
    expect(model.error.value).toBe('Your session has expired; sign in again.');
    expect(app.api.authHeaders()).toEqual({});
  });

  it('signs out, forgetting the CSRF token even when the server cannot be reached', async () => {
    const { server, app, session: model } = setup();
    const signingIn = model.signIn('right');
    (await server.take('POST admin/api/session')).respond(200, session);
    await signingIn;
    const out = model.signOut();
    (await server.take('DELETE admin/api/session')).fail();
    await expect(out).rejects.toThrow('The server could not be reached.');
    expect(model.status.value).toBe('signed-out');
    expect(model.expiresAt.value).toBeUndefined();
    expect(app.api.authHeaders()).toEqual({});
  });
});

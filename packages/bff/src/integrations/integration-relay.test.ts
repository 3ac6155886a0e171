import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import {
  createTestDatabase,
  type SlackTestServer,
  startSlackTestServer,
} from '@agent-chat/agent-service/testing';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type RunningBff, startBff } from '../server.js';
import { INTEGRATION_BODY_LIMIT_BYTES } from './integration-relay.js';

const ADMIN_TOKEN = 'integration-relay-admin-token-0123456789';
const BOT_TOKEN = 'xoxb-1111-2222-relayed';
const SIGNING_SECRET = 'a-slack-signing-secret-0123456789';
const TEAM = 'T0RELAY';
const BOT_USER = 'U0BOT';
const APPLICATION = '123456789012345678';
const discordKeys = generateKeyPairSync('ed25519');
const DISCORD_PUBLIC_KEY = discordKeys.publicKey
  .export({ format: 'der', type: 'spki' })
  .subarray(12)
  .toString('hex');

/** Slack's v0 signature, from Slack's documentation. */
function slackHeaders(body: Buffer | string, secret = SIGNING_SECRET): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const digest = createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`v0:${timestamp}:`), Buffer.from(body)]))
    .digest('hex');
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': `v0=${digest}` };
}

/** The Slack relay and the Discord relay of the BFF, against the real agent service. */
describe('the BFF relays Slack and Discord to the agent service, byte for byte', () => {
  let slack: SlackTestServer;
  let service: RunningAgentService;
  let bff: RunningBff;
  let apiKey: string;

  beforeAll(async () => {
    slack = await startSlackTestServer({ botToken: BOT_TOKEN, teamId: TEAM, botUserId: BOT_USER });
    service = await startAgentService({
      port: 0,
      database: await createTestDatabase(),
      integrationsSecret: 'an-integrations-secret-of-32-characters!',
      slackApiUrl: slack.apiUrl,
      integrations: { retries: 1, retryDelayMs: 20, timeoutMs: 2_000 },
    });
    ({ apiKey } = await service.seedDemo());
    bff = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      adminToken: ADMIN_TOKEN,
      logger: false,
      port: 0,
    });
  });
  afterAll(async () => {
    await bff?.close();
    await service?.close();
    await slack?.close();
  });

  async function admin(method: string, path: string, body?: unknown) {
    const response = await fetch(`${bff.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  }

  it('connects Slack through the admin relay, which never shows a secret back', async () => {
    const saved = await admin('POST', '/api/agents/demo/integrations/slack', {
      botToken: BOT_TOKEN,
      signingSecret: SIGNING_SECRET,
    });
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.text)).toMatchObject({
      kind: 'slack',
      configured: true,
      externalId: TEAM,
      requestPath: '/integrations/slack/demo/events',
    });
    const status = await admin('GET', '/api/agents/demo/integrations/slack');
    for (const text of [saved.text, status.text]) {
      expect(text).not.toContain(BOT_TOKEN);
      expect(text).not.toContain(SIGNING_SECRET);
    }
    const refused = await admin('POST', '/api/agents/demo/integrations/slack', {
      botToken: 'not-a-token',
      signingSecret: SIGNING_SECRET,
    });
    expect(refused.status).toBe(400);
  });

  it('passes a signed request through unchanged: odd spacing, key order and UTF-8 intact', async () => {
    // Re-serialized JSON would lose this spacing and escape nothing the same way: the
    // service would then compute another HMAC and answer 401.
    const body = Buffer.from(
      '{ "token":"x",  "challenge" : "ça va ✓ \\u00e9",\n "type": "url_verification" }',
    );
    const response = await fetch(`${bff.url}/integrations/slack/demo/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...slackHeaders(body) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: 'ça va ✓ é' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('relays a mention, answered in its thread by the service', async () => {
    const before = slack.posted().length;
    const body = JSON.stringify({
      type: 'event_callback',
      team_id: TEAM,
      event_id: 'EvRelay1',
      event: {
        type: 'app_mention',
        user: 'U0PERSON',
        text: `<@${BOT_USER}> How do I reset my password?`,
        channel: 'C0RELAY',
        ts: '1710000000.000001',
      },
    });
    const response = await fetch(`${bff.url}/integrations/slack/demo/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...slackHeaders(body) },
      body,
    });
    expect(response.status).toBe(200);
    await service.integrations.idle();
    const posted = slack.posted().slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.args).toMatchObject({ channel: 'C0RELAY', thread_ts: '1710000000.000001' });
  });

  it('relays a form-encoded interaction, and the service’s 401 for a wrong signature', async () => {
    const form = `payload=${encodeURIComponent(JSON.stringify({ type: 'block_actions', team: { id: TEAM } }))}`;
    const signed = await fetch(`${bff.url}/integrations/slack/demo/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...slackHeaders(form) },
      body: form,
    });
    expect(signed.status).toBe(200);
    const forged = await fetch(`${bff.url}/integrations/slack/demo/interactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...slackHeaders(form, 'another-secret-0123456789'),
      },
      body: form,
    });
    expect(forged.status).toBe(401);
    const unknown = await fetch(`${bff.url}/integrations/slack/nobody/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...slackHeaders('{}') },
      body: '{}',
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a body over the limit, a compressed body and a bad agent id itself', async () => {
    const requestsBefore = slack.requests;
    const big = Buffer.alloc(INTEGRATION_BODY_LIMIT_BYTES + 1, 'a');
    const tooLarge = await fetch(`${bff.url}/integrations/slack/demo/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...slackHeaders(big) },
      body: big,
    });
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
    const compressed = await fetch(`${bff.url}/integrations/slack/demo/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: '{}',
    });
    expect(compressed.status).toBe(415);
    const badId = await fetch(`${bff.url}/integrations/slack/${'x'.repeat(200)}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(badId.status).toBe(400);
    expect(slack.requests).toBe(requestsBefore);
  });

  it('relays Discord’s signed PING, and its 401 for another key', async () => {
    const saved = await admin('POST', '/api/agents/demo/integrations/discord', {
      applicationId: APPLICATION,
      publicKey: DISCORD_PUBLIC_KEY,
      botToken: 'discord-bot-token',
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain('discord-bot-token');
    const body = JSON.stringify({ id: '1', type: 1, application_id: APPLICATION });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const ping = (key: typeof discordKeys.privateKey) =>
      fetch(`${bff.url}/integrations/discord/demo/interactions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-timestamp': timestamp,
          'x-signature-ed25519': sign(null, Buffer.from(timestamp + body), key).toString('hex'),
        },
        body,
      });
    const pong = await ping(discordKeys.privateKey);
    expect(pong.status).toBe(200);
    expect(await pong.json()).toEqual({ type: 1 });
    expect((await ping(generateKeyPairSync('ed25519').privateKey)).status).toBe(401);
  });

  it('serves none of it with INTEGRATIONS=off', async () => {
    const off = await startBff({
      upstreamUrl: service.url,
      agentApiToken: apiKey,
      integrations: 'off',
      logger: false,
      port: 0,
    });
    try {
      const response = await fetch(`${off.url}/integrations/slack/demo/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...slackHeaders('{}') },
        body: '{}',
      });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

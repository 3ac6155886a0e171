import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../../testing/conversation-fixture.js';

const APPLICATION = '123456789012345678';
const INTEGRATIONS_SECRET = 'an-integrations-secret-of-32-characters!';
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const PUBLIC_KEY_HEX = publicKey
  .export({ format: 'der', type: 'spki' })
  .subarray(12)
  .toString('hex');

// biome-ignore lint/suspicious/noExplicitAny: recorded bodies are inspected field by field
const received: { method: string; path: string; body: any }[] = [];
const failures: number[] = [];
let fixture: ConversationFixture;
let closeDiscord: () => Promise<void>;

/** POSTs an interaction as Discord does: Ed25519 over timestamp + body. */
async function fromDiscord(
  interaction: Record<string, unknown>,
  options: { timestamp?: number; key?: typeof privateKey; body?: string; agentId?: string } = {},
) {
  const body = options.body ?? JSON.stringify(interaction);
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), options.key ?? privateKey).toString(
    'hex',
  );
  return fetch(
    `${fixture.service.url}/integrations/discord/${options.agentId ?? fixture.agentId}/interactions`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-ed25519': signature,
        'x-signature-timestamp': timestamp,
      },
      body,
    },
  );
}

let interactions = 0;
const ask = (question: string) => ({
  id: `9${String(++interactions).padStart(17, '0')}`,
  type: 2,
  application_id: APPLICATION,
  token: `interaction-token-${interactions}`,
  guild_id: '555',
  channel_id: '777',
  member: { user: { id: '42' } },
  data: { name: 'ask', options: [{ name: 'question', type: 3, value: question }] },
});

beforeAll(async () => {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const failure = failures.shift();
    if (failure !== undefined) {
      res.writeHead(failure, failure === 429 ? { 'retry-after': '0.05' } : {}).end();
      return;
    }
    received.push({
      method: req.method ?? '',
      path: (req.url ?? '').replace(/^\/api\/v10/, ''),
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeDiscord = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  fixture = await startConversationFixture({
    integrationsSecret: INTEGRATIONS_SECRET,
    discordApiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`,
    integrations: { retries: 2, retryDelayMs: 20, timeoutMs: 2_000 },
  });
  const saved = await fixture.call('POST', `/api/agents/${fixture.agentId}/integrations/discord`, {
    applicationId: APPLICATION,
    publicKey: PUBLIC_KEY_HEX,
    botToken: 'discord-bot-token',
  });
  expect(saved.status).toBe(200);
  expect(JSON.stringify(saved.body)).not.toContain('discord-bot-token');
});

afterAll(async () => {
  await fixture?.service.close();
  await closeDiscord?.();
});

describe('the Discord integration', () => {
  it('answers PING with PONG; refuses bad signatures, old timestamps, oversized bodies, other applications', async () => {
    const ping = await fromDiscord({ type: 1, application_id: APPLICATION });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ type: 1 });
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(
      (await fromDiscord({ type: 1, application_id: APPLICATION }, { key: other })).status,
    ).toBe(401);
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(
      (await fromDiscord({ type: 1, application_id: APPLICATION }, { timestamp: old })).status,
    ).toBe(401);
    const huge = JSON.stringify({ type: 1, application_id: APPLICATION, pad: 'x'.repeat(300_000) });
    expect((await fromDiscord({}, { body: huge })).status).toBe(413);
    expect((await fromDiscord({ type: 1, application_id: '999' })).status).toBe(404);
    expect(
      (
        await fromDiscord(
          { type: 1, application_id: APPLICATION },
          { agentId: fixture.otherAgentId },
        )
      ).status,
    ).toBe(404);
  });

  it('/ask gets a deferred response, then the answer as the edited original, with links and buttons', async () => {
    const interaction = ask('How long do refunds take?');
    const response = await fromDiscord(interaction);
    expect(await response.json()).toEqual({ type: 5 });
    expect(((await (await fromDiscord(interaction)).json()) as { type: number }).type).toBe(5);
    await fixture.service.integrations.idle();
    const edits = received.filter((call) => call.path.includes(interaction.token));
    expect(edits).toHaveLength(1);
    expect(edits[0]).toMatchObject({
      method: 'PATCH',
      path: `/webhooks/${APPLICATION}/${interaction.token}/messages/@original`,
    });
    expect(edits[0]?.body.content).toContain('five business days');
    expect(edits[0]?.body.content).toContain('**Sources**');
    const button = edits[0]?.body.components[0].components[1];
    expect(button.custom_id).toMatch(/^agent_chat_bad:/);
    const vote = await fromDiscord({
      type: 3,
      application_id: APPLICATION,
      token: 't',
      member: { user: { id: '42' } },
      data: { custom_id: button.custom_id, component_type: 2 },
    });
    expect(((await vote.json()) as { type: number }).type).toBe(4);
    const rows = await fixture.service.database.query<{ eval: string; channel: string }>(
      `SELECT m.eval, c.channel FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE m.id = $1`,
      [button.custom_id.split(':')[1]],
    );
    expect(rows[0]).toEqual({ eval: 'bad', channel: 'discord' });
  });

  it('retries Discord when it is down, then queues the answer in the outbox; the service stays healthy', async () => {
    failures.push(503, 429);
    const interaction = ask('How do I embed the widget?');
    await fromDiscord(interaction);
    await fixture.service.integrations.idle();
    expect(received.filter((call) => call.path.includes(interaction.token))).toHaveLength(1);
    // Down past the client's retries: the answer is queued in the outbox and posted in the
    // channel by the bot once Discord is back (the interaction's token may have expired).
    failures.push(503, 503, 503);
    const lost = ask('Refunds?');
    await fromDiscord(lost);
    await fixture.service.integrations.idle();
    expect(received.filter((call) => call.path.includes(lost.token))).toHaveLength(0);
    expect((await fetch(`${fixture.service.url}/healthz`)).status).toBe(200);
    const status = async () =>
      (
        await fixture.service.database.query<{ status: string; payload: unknown }>(
          `SELECT status, payload FROM outbox WHERE kind = 'discord'`,
        )
      )[0]?.status;
    await expect.poll(status, { timeout: 15_000 }).toBe('delivered');
    const posted = received.filter((call) => call.path === '/channels/777/messages');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body.content).toContain('five business days');
  });

  it('registers the /ask command with the bot token', async () => {
    await fixture.service.integrations.registerDiscordCommand(fixture.agentId);
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      path: `/applications/${APPLICATION}/commands`,
      body: { name: 'ask' },
    });
  });
});

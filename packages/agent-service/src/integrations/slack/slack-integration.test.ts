import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConversationFixture,
  startConversationFixture,
} from '../../testing/conversation-fixture.js';
import {
  type SlackCall,
  type SlackTestServer,
  startSlackTestServer,
} from '../../testing/slack-test-server.js';

const BOT_TOKEN = 'xoxb-1111-2222-abcdef';
const SIGNING_SECRET = 'a-slack-signing-secret-0123456789';
const TEAM = 'T0TEAM';
const BOT_USER = 'U0BOT';
const INTEGRATIONS_SECRET = 'an-integrations-secret-of-32-characters!';

let slack: SlackTestServer;
let fixture: ConversationFixture;
const logged: { level: string; details: Record<string, unknown>; message: string }[] = [];

/** Slack's signature, computed here from Slack's documentation, not the service's code. */
function sign(body: string, timestamp: number, secret = SIGNING_SECRET): string {
  const digest = createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex');
  return `v0=${digest}`;
}

/** POSTs to a public Slack endpoint as Slack does, signed unless told otherwise. */
async function fromSlack(
  path: 'events' | 'interactions',
  body: string,
  options: {
    agentId?: string;
    timestamp?: number;
    secret?: string;
    retry?: number;
    contentType?: string;
  } = {},
): Promise<Response> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(
    `${fixture.service.url}/integrations/slack/${options.agentId ?? fixture.agentId}/${path}`,
    {
      method: 'POST',
      headers: {
        'content-type':
          options.contentType ??
          (path === 'events' ? 'application/json' : 'application/x-www-form-urlencoded'),
        'x-slack-request-timestamp': String(timestamp),
        'x-slack-signature': sign(body, timestamp, options.secret),
        ...(options.retry === undefined
          ? {}
          : { 'x-slack-retry-num': String(options.retry), 'x-slack-retry-reason': 'http_timeout' }),
      },
      body,
    },
  );
}

let eventCount = 0;
/** An `event_callback` body around `event`. */
function callback(event: Record<string, unknown>, team = TEAM): string {
  eventCount++;
  return JSON.stringify({
    type: 'event_callback',
    team_id: team,
    event_id: `Ev${eventCount}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
  });
}

let tsCount = 0;
const nextTs = () => `1710000000.${String(++tsCount).padStart(6, '0')}`;

/** An `app_mention` of the bot: `user` writes `<@bot> text` in `channel`, at `ts`. */
function mention(user: string, text: string, channel: string, ts = nextTs()) {
  return { type: 'app_mention', user, text: `<@${BOT_USER}> ${text}`, ts, channel };
}

/** Slack delivering a {@link mention} to the events endpoint, signed. */
const mentioned = (user: string, text: string, channel: string, ts?: string) =>
  fromSlack('events', callback(mention(user, text, channel, ts)));

/** Slack posting a click on one of the bot's buttons (a `block_actions` payload), signed. */
const clicked = (payload: Record<string, unknown>) =>
  fromSlack('interactions', new URLSearchParams({ payload: JSON.stringify(payload) }).toString());

/** Waits until the fake has `count` posted messages (answers run in the background). */
async function settle(): Promise<void> {
  await fixture.service.integrations.idle();
}

function textOf(call: { args: Record<string, unknown> }): string {
  const blocks = (call.args.blocks ?? []) as { type: string; text?: { text: string } }[];
  return blocks
    .filter((block) => block.type === 'section')
    .map((block) => block.text?.text ?? '')
    .join('\n');
}

/** The button `actionId` under a posted answer. */
function buttonOf(call: { args: Record<string, unknown> } | undefined, actionId: string) {
  const blocks = (call?.args.blocks ?? []) as {
    type: string;
    elements?: { action_id: string; value: string }[];
  }[];
  const actions = blocks.find((block) => block.type === 'actions');
  return actions?.elements?.find((element) => element.action_id === actionId);
}

beforeAll(async () => {
  slack = await startSlackTestServer({ botToken: BOT_TOKEN, teamId: TEAM, botUserId: BOT_USER });
  fixture = await startConversationFixture({
    integrationsSecret: INTEGRATIONS_SECRET,
    slackApiUrl: slack.apiUrl,
    integrations: { retries: 2, retryDelayMs: 20, timeoutMs: 2_000 },
    outbox: { baseDelayMs: 200, pollMs: 50 },
    logger: {
      info: (details, message) => logged.push({ level: 'info', details, message }),
      warn: (details, message) => logged.push({ level: 'warn', details, message }),
      error: (details, message) => logged.push({ level: 'error', details, message }),
    },
  });
  const saved = await fixture.call('POST', `/api/agents/${fixture.agentId}/integrations/slack`, {
    botToken: BOT_TOKEN,
    signingSecret: SIGNING_SECRET,
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await fixture?.service.close();
  await slack?.close();
});

describe('the Slack integration, set up through the API', () => {
  it('checks the token with Slack, keeps the secrets encrypted and never shows them', async () => {
    const status = await fixture.call('GET', `/api/agents/${fixture.agentId}/integrations/slack`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      kind: 'slack',
      configured: true,
      externalId: TEAM,
      requestPath: `/integrations/slack/${fixture.agentId}/events`,
      interactionsPath: `/integrations/slack/${fixture.agentId}/interactions`,
    });
    expect(JSON.stringify(status.body)).not.toContain(BOT_TOKEN);
    const rows = await fixture.service.database.query<{ secrets: string; settings: unknown }>(
      'SELECT secrets, settings FROM integrations',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.secrets).not.toContain(BOT_TOKEN);
    expect(rows[0]?.secrets).not.toContain(SIGNING_SECRET);
    expect(rows[0]?.secrets).toMatch(/^v1\./);
    const refused = await fixture.call(
      'POST',
      `/api/agents/${fixture.otherAgentId}/integrations/slack`,
      { botToken: 'xoxb-wrong-token', signingSecret: SIGNING_SECRET },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('invalid_auth');
    const malformed = await fixture.call(
      'POST',
      `/api/agents/${fixture.agentId}/integrations/slack`,
      { botToken: 'not-a-token', signingSecret: SIGNING_SECRET },
    );
    expect(malformed.status).toBe(400);
  });

  it('answers the url_verification challenge', async () => {
    const response = await fromSlack(
      'events',
      JSON.stringify({ type: 'url_verification', challenge: 'challenge-123', token: 'x' }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ challenge: 'challenge-123' });
  });
});

describe('requests that are not from Slack', () => {
  it('a bad signature is 401, before anything is read', async () => {
    const before = slack.posted().length;
    const body = callback(mention('U1', 'refunds?', 'C1'));
    expect((await fromSlack('events', body, { secret: 'another-secret-entirely' })).status).toBe(
      401,
    );
    const tampered = await fetch(
      `${fixture.service.url}/integrations/slack/${fixture.agentId}/events`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-slack-request-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-slack-signature': sign(
            '{"type":"url_verification","challenge":"a"}',
            Math.floor(Date.now() / 1000),
          ),
        },
        body: '{"type":"url_verification","challenge":"b"}',
      },
    );
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(
      `${fixture.service.url}/integrations/slack/${fixture.agentId}/events`,
      { method: 'POST', body: '{"type":"url_verification","challenge":"a"}' },
    );
    expect(unsigned.status).toBe(401);
    await settle();
    expect(slack.posted()).toHaveLength(before);
  });

  it('a replayed request with an old timestamp is 401', async () => {
    const old = Math.floor(Date.now() / 1000) - 6 * 60;
    const body = JSON.stringify({ type: 'url_verification', challenge: 'c' });
    expect((await fromSlack('events', body, { timestamp: old })).status).toBe(401);
  });

  it('an oversized body is 413', async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'x'.repeat(300_000) });
    expect((await fromSlack('events', body)).status).toBe(413);
  });

  it('an unknown team, or an agent without Slack, is 404', async () => {
    const body = callback(
      { type: 'app_mention', user: 'U1', text: 'hi', ts: nextTs(), channel: 'C1' },
      'T0OTHER',
    );
    expect((await fromSlack('events', body)).status).toBe(404);
    const other = JSON.stringify({ type: 'url_verification', challenge: 'c' });
    expect((await fromSlack('events', other, { agentId: fixture.otherAgentId })).status).toBe(404);
  });
});

describe('questions asked in Slack', () => {
  it('answers a mention in a channel in its thread, in mrkdwn with linked sources and feedback buttons', async () => {
    const ts = nextTs();
    const started = performance.now();
    const response = await mentioned('U1', 'How long do refunds take?', 'C1', ts);
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
    await settle();
    const answer = slack.posted().at(-1);
    expect(answer?.args).toMatchObject({ channel: 'C1', thread_ts: ts });
    expect(textOf(answer ?? { args: {} })).toContain('five business days');
    const blocks = JSON.stringify(answer?.args.blocks);
    expect(blocks).toContain('Sources');
    expect(blocks).toContain('refunds.md');
    expect(blocks).toContain('agent_chat_feedback_good');
    expect(blocks).toContain('Talk to a person');
    const conversations = await fixture.call('GET', '/api/conversations');
    const held = conversations.body.conversations.find(
      (conversation: { visitorId: string }) => conversation.visitorId === `slack-${TEAM}-U1`,
    );
    expect(held).toBeDefined();
  });

  it('answers a direct message, and a follow-up in the thread with its history', async () => {
    const ts = nextTs();
    await fromSlack(
      'events',
      callback({
        type: 'message',
        channel_type: 'im',
        user: 'U2',
        text: 'How do I embed the widget?',
        ts,
        channel: 'D1',
      }),
    );
    await settle();
    expect(slack.posted().at(-1)?.args).toMatchObject({ channel: 'D1', thread_ts: ts });
    expect(textOf(slack.posted().at(-1) ?? { args: {} })).toContain('script tag');
    const answered = fixture.answered.length;
    await fromSlack(
      'events',
      callback({
        type: 'message',
        channel_type: 'im',
        user: 'U2',
        text: 'And refunds?',
        ts: nextTs(),
        thread_ts: ts,
        channel: 'D1',
      }),
    );
    await settle();
    expect(fixture.answered.length).toBe(answered + 1);
    const history = fixture.answered.at(-1)?.history ?? [];
    expect(history.map((message) => message.text)).toContain('How do I embed the widget?');
    expect(slack.posted().at(-1)?.args).toMatchObject({ channel: 'D1', thread_ts: ts });
  });

  it('never answers a retry twice, and ignores bots and its own messages', async () => {
    const event = callback(mention('U3', 'refunds?', 'C2'));
    const before = slack.posted().length;
    expect((await fromSlack('events', event)).status).toBe(200);
    expect((await fromSlack('events', event, { retry: 1 })).status).toBe(200);
    expect((await fromSlack('events', event, { retry: 2 })).status).toBe(200);
    await settle();
    expect(slack.posted().length).toBe(before + 1);
    for (const bot of [
      {
        type: 'message',
        channel_type: 'im',
        bot_id: 'B1',
        text: 'hello',
        ts: nextTs(),
        channel: 'D2',
      },
      {
        type: 'message',
        channel_type: 'im',
        user: BOT_USER,
        text: 'hello',
        ts: nextTs(),
        channel: 'D2',
      },
      {
        type: 'message',
        subtype: 'bot_message',
        channel_type: 'im',
        text: 'x',
        ts: nextTs(),
        channel: 'D2',
      },
    ]) {
      expect((await fromSlack('events', callback(bot))).status).toBe(200);
    }
    await settle();
    expect(slack.posted().length).toBe(before + 1);
  });

  it('stores 👍/👎 as the answer’s feedback', async () => {
    const answer = slack.posted().at(-1);
    const bad = buttonOf(answer, 'agent_chat_feedback_bad');
    expect(bad).toBeDefined();
    const payload = {
      type: 'block_actions',
      team: { id: TEAM },
      user: { id: 'U3' },
      channel: { id: answer?.args.channel },
      message: { ts: '1', thread_ts: answer?.args.thread_ts },
      actions: [{ action_id: bad?.action_id, value: bad?.value }],
    };
    const response = await clicked(payload);
    expect(response.status).toBe(200);
    await settle();
    const rows = await fixture.service.database.query<{ eval: string }>(
      'SELECT eval FROM messages WHERE id = $1',
      [bad?.value],
    );
    expect(rows[0]?.eval).toBe('bad');
    expect(slack.calls.at(-1)?.method).toBe('chat.postEphemeral');
  });

  it('"Talk to a person" hands the thread over; the operator’s reply is posted in it', async () => {
    const ts = nextTs();
    await mentioned('U4', 'refunds?', 'C3', ts);
    await settle();
    const answer = slack.posted().at(-1);
    const handoff = buttonOf(answer, 'agent_chat_handoff');
    expect(handoff).toBeDefined();
    const payload = {
      type: 'block_actions',
      team: { id: TEAM },
      user: { id: 'U4' },
      container: { channel_id: 'C3', thread_ts: ts },
      actions: [{ action_id: handoff?.action_id, value: handoff?.value }],
    };
    expect((await clicked(payload)).status).toBe(200);
    await settle();
    expect(slack.posted().at(-1)?.args).toMatchObject({ channel: 'C3', thread_ts: ts });
    const conversationId = handoff?.value ?? '';
    const summary = await fixture.call('GET', `/api/conversations/${conversationId}`);
    expect(summary.body.status).toBe('handoff');
    const reply = await fixture.call('POST', `/api/conversations/${conversationId}/messages`, {
      text: 'Hi, I am Ada from support: <refunds> take 5 days & more.',
    });
    expect(reply.status).toBe(201);
    await settle();
    expect(slack.posted().at(-1)?.args).toMatchObject({
      channel: 'C3',
      thread_ts: ts,
      text: 'Hi, I am Ada from support: &lt;refunds&gt; take 5 days &amp; more.',
    });
  });

  it('retries Slack when it is down or rate-limits, then queues the answer in the outbox until Slack is back', async () => {
    const before = slack.posted().length;
    slack.failNext(503, 429);
    await mentioned('U5', 'refunds?', 'C4');
    await settle();
    expect(slack.posted().length).toBe(before + 1);
    // Down for the client's three attempts and the outbox's first one, then up again.
    slack.failNext(503, 503, 503, 0);
    const ts = nextTs();
    await mentioned('U5', 'embed?', 'C4', ts);
    await settle();
    const queued = async () =>
      (
        await fixture.service.database.query<{
          kind: string;
          status: string;
          attempts: number;
          payload: unknown;
          last_error: string | null;
        }>(`SELECT kind, status, attempts, payload, last_error FROM outbox WHERE kind = 'slack'`)
      )[0];
    const row = await queued();
    expect(row?.kind).toBe('slack');
    expect(JSON.stringify(row?.payload ?? {})).not.toContain(BOT_TOKEN);
    expect(
      logged.some(
        (entry) =>
          entry.level === 'warn' &&
          entry.message.includes('queued in the outbox') &&
          entry.details.agentId === fixture.agentId,
      ),
    ).toBe(true);
    expect((await fetch(`${fixture.service.url}/healthz`)).status).toBe(200);
    await expect.poll(async () => (await queued())?.status, { timeout: 15_000 }).toBe('delivered');
    expect((await queued())?.attempts).toBe(2);
    const delivered = slack.posted().slice(before + 1);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.args).toMatchObject({ channel: 'C4', thread_ts: ts });
    expect(textOf(delivered[0] as SlackCall)).not.toBe('');
    expect(JSON.stringify(logged)).not.toContain(BOT_TOKEN);
    expect(JSON.stringify(logged)).not.toContain(SIGNING_SECRET);
  });

  it('lists a queued Slack message in the delivery log, and drops it for good once Slack is disconnected', async () => {
    // Down for longer than this test (the last of the file): the outbox keeps retrying.
    slack.failNext(...Array.from({ length: 20 }, () => 503));
    const ts = nextTs();
    await mentioned('U6', 'widget?', 'C5', ts);
    await settle();
    const log = await fixture.call('GET', '/api/deliveries?kind=slack');
    expect(log.status).toBe(200);
    const deliveries = (
      log.body as { deliveries: { target: string; topic: string; status: string }[] }
    ).deliveries;
    expect(deliveries[0]).toMatchObject({
      target: 'Slack C5',
      topic: 'slack.message',
      status: 'pending',
    });
    const removed = await fixture.call(
      'DELETE',
      `/api/agents/${fixture.agentId}/integrations/slack`,
      {},
    );
    expect(removed.status).toBe(200);
    const row = async () =>
      (
        await fixture.service.database.query<{ status: string; last_error: string | null }>(
          `SELECT status, last_error FROM outbox WHERE kind = 'slack' AND target = 'Slack C5'`,
        )
      )[0];
    await expect.poll(async () => (await row())?.status, { timeout: 15_000 }).toBe('failed');
    expect((await row())?.last_error).toContain('integration was removed');
  });
});

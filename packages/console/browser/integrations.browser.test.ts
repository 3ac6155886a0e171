import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { type SlackTestServer, startSlackTestServer } from '@agent-chat/agent-service/testing';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, axeViolations, MOUNT, signInWithKeyboard } from './console-harness.js';
import { useConsoleTestBed } from './console-test-bed.js';

const BOT_TOKEN = 'xoxb-2222-3333-console';
const SIGNING_SECRET = 'a-slack-signing-secret-from-the-console';
const TEAM = 'T0CONSOLE';
const APPLICATION = '112233445566778899';
const DISCORD_BOT_TOKEN = 'discord-bot-token-typed-in-the-console';
const discordKeys = generateKeyPairSync('ed25519');
const DISCORD_PUBLIC_KEY = discordKeys.publicKey
  .export({ format: 'der', type: 'spki' })
  .subarray(12)
  .toString('hex');

let slack: SlackTestServer;
beforeAll(async () => {
  slack = await startSlackTestServer({ botToken: BOT_TOKEN, teamId: TEAM, botUserId: 'U0BOT' });
  return () => slack.close();
});
const bed = useConsoleTestBed(() => ({
  integrationsSecret: 'an-integrations-secret-of-32-characters!',
  slackApiUrl: slack.apiUrl,
  integrations: { retries: 0, timeoutMs: 2_000 },
}));

/** The demo agent's integration status, read with the admin token as a script would. */
async function statusOf(kind: 'slack' | 'discord'): Promise<{ configured: boolean }> {
  const response = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/demo/integrations/${kind}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return (await response.json()) as { configured: boolean };
}

async function demoName(): Promise<string> {
  const response = await fetch(`${bed.stack.origin}${MOUNT}/api/agents/demo`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  return ((await response.json()) as { name: string }).name;
}

/** What Slack sends to verify the request URL, signed as Slack signs it. */
function slackChallenge(url: string, challenge: string): Promise<Response> {
  const body = JSON.stringify({ token: 'x', challenge, type: 'url_verification' });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SIGNING_SECRET)
    .update(`v0:${timestamp}:${body}`)
    .digest('hex');
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': `v0=${signature}`,
    },
    body,
  });
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('Slack and Discord on the agent page (Chromium)', () => {
  it('shows the setup steps and manifest, connects with secrets never shown back, and disconnects', async () => {
    const context = await bed.browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: bed.stack.origin,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${bed.stack.consoleUrl}#agents`);
    await signInWithKeyboard(page);
    const name = await demoName();
    await page.getByRole('button', { name: `Slack and Discord for ${name}` }).click();
    const panel = page.getByRole('region', { name: `Slack and Discord for ${name}` });
    await panel.waitFor();
    const slackStatus = page.getByRole('status', { name: 'Slack connection' });
    const discordStatus = page.getByRole('status', { name: 'Discord connection' });
    await expect.poll(() => slackStatus.textContent()).toBe('Not connected.');
    await expect.poll(() => discordStatus.textContent()).toBe('Not connected.');

    // Step 1: the manifest, with this BFF's public URLs, copied as shown.
    await panel.getByText('Create New App → From an app manifest').waitFor();
    const eventsUrl = `${bed.stack.origin}${MOUNT}/integrations/slack/demo/events`;
    const manifest = await page.getByLabel('Manifest').inputValue();
    expect(manifest).toContain(`request_url: ${eventsUrl}\n`);
    expect(manifest).toContain(
      `request_url: ${bed.stack.origin}${MOUNT}/integrations/slack/demo/interactions\n`,
    );
    expect(manifest).toContain('bot_events: [app_mention, message.im');
    await page.getByRole('button', { name: 'Copy manifest' }).click();
    await expect.poll(() => clipboard(page)).toBe(manifest);
    expect(await axeViolations(page)).toEqual([]);

    // Step 2: a token Slack refuses says so, where it was typed.
    await page.getByLabel('Bot token').first().fill('xoxb-0000-not-this-one');
    await page.getByLabel('Signing secret').fill(SIGNING_SECRET);
    await page.getByRole('button', { name: 'Save Slack connection' }).click();
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toContain('Slack was not connected: Slack refused the bot token (invalid_auth)');
    expect((await statusOf('slack')).configured).toBe(false);

    // The right one connects; the fields are emptied and the secrets appear nowhere.
    await page.getByLabel('Bot token').first().fill(BOT_TOKEN);
    await page.getByLabel('Signing secret').fill(SIGNING_SECRET);
    await page.getByLabel('Signing secret').press('Enter');
    await expect
      .poll(() => slackStatus.textContent())
      .toMatch(/^Connected to workspace T0CONSOLE since /);
    expect(await page.getByLabel('Bot token').first().inputValue()).toBe('');
    expect(await page.getByLabel('Signing secret').inputValue()).toBe('');
    const html = await page.content();
    expect(html).not.toContain(BOT_TOKEN);
    expect(html).not.toContain(SIGNING_SECRET);
    expect((await statusOf('slack')).configured).toBe(true);

    // Step 3: Slack verifies the manifest's URL (through the BFF), and the agent answers.
    const verified = await slackChallenge(eventsUrl, 'challenge-from-slack');
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ challenge: 'challenge-from-slack' });

    // Discord: the keys, the interactions endpoint URL to copy, the command to register /ask.
    await page.getByLabel('Application ID').fill(APPLICATION);
    await page.getByLabel('Public key').fill(DISCORD_PUBLIC_KEY);
    await page.getByLabel('Bot token').nth(1).fill(DISCORD_BOT_TOKEN);
    await page.getByRole('button', { name: 'Save Discord connection' }).click();
    await expect
      .poll(() => discordStatus.textContent())
      .toMatch(new RegExp(`^Connected to application ${APPLICATION} since `));
    expect(await page.content()).not.toContain(DISCORD_BOT_TOKEN);
    const endpoint = await page.getByLabel('Interactions endpoint URL').inputValue();
    expect(endpoint).toBe(`${bed.stack.origin}${MOUNT}/integrations/discord/demo/interactions`);
    await page.getByRole('button', { name: 'Copy interactions endpoint URL' }).click();
    await expect.poll(() => clipboard(page)).toBe(endpoint);
    expect(await page.getByLabel('Command').inputValue()).toBe(
      'agent-chat-service discord register demo',
    );
    const ping = JSON.stringify({ id: '1', type: 1, application_id: APPLICATION });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const pong = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature-timestamp': timestamp,
        'x-signature-ed25519': sign(
          null,
          Buffer.from(timestamp + ping),
          discordKeys.privateKey,
        ).toString('hex'),
      },
      body: ping,
    });
    expect(await pong.json()).toEqual({ type: 1 });
    expect(await axeViolations(page)).toEqual([]);

    // Disconnect Slack: the status says so, and Slack's requests are no longer answered.
    await page.getByRole('button', { name: 'Disconnect Slack' }).click();
    await expect.poll(() => slackStatus.textContent()).toBe('Not connected.');
    expect((await statusOf('slack')).configured).toBe(false);
    expect((await slackChallenge(eventsUrl, 'again')).status).toBe(404);
    expect((await statusOf('discord')).configured).toBe(true);

    // Reopened, the panel reads the statuses again.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: `Slack and Discord for ${name}` }).click();
    await expect.poll(() => discordStatus.textContent()).toContain('Connected to application');
    expect(errors).toEqual([]);
    await context.close();
  });
});

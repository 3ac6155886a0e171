import type { Agent, IntegrationStatus } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { createApiClient } from './api-client.js';
import { createIntegrationsModel, integrationUrl, slackManifest } from './integrations-model.js';

const agent = { id: 'a1', name: 'Docs: helper #1' } as Agent;
const status = (kind: 'slack' | 'discord', configured: boolean): IntegrationStatus => ({
  kind,
  agentId: 'a1',
  configured,
  externalId: configured ? (kind === 'slack' ? 'T1' : '42') : null,
  requestPath: `/integrations/${kind}/a1/${kind === 'slack' ? 'events' : 'interactions'}`,
  interactionsPath: `/integrations/${kind}/a1/interactions`,
  updatedAt: configured ? '2030-01-01T00:00:00.000Z' : null,
});

describe('integrations', () => {
  it('puts the URLs below the BFF mount, and quotes the app name in the manifest', () => {
    expect(integrationUrl('https://docs.example/chat/', '/integrations/slack/a1/events')).toBe(
      'https://docs.example/chat/integrations/slack/a1/events',
    );
    const manifest = slackManifest({
      name: agent.name,
      eventsUrl: 'https://x.example/e',
      interactionsUrl: 'https://x.example/i',
    });
    expect(manifest).toContain('  name: "Docs: helper #1"\n');
    expect(manifest).toContain('    request_url: https://x.example/e\n');
    expect(manifest).toContain('    request_url: https://x.example/i\n');
    expect(slackManifest({ name: ' ', eventsUrl: 'e', interactionsUrl: 'i' })).toContain(
      'name: "Docs assistant"',
    );
  });

  it('loads both statuses, saves once on a double submit, keeps no secret, disconnects', async () => {
    const server = createControlledFetch();
    const model = createIntegrationsModel(
      createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
      agent,
    );
    const loading = model.load();
    (await server.take('GET api/agents/a1/integrations/slack')).respond(
      200,
      status('slack', false),
    );
    (await server.take('GET api/agents/a1/integrations/discord')).respond(
      200,
      status('discord', false),
    );
    await loading;
    expect(model.slack.status.value?.configured).toBe(false);

    const body = { botToken: 'xoxb-1-secret', signingSecret: 'signing-secret' };
    const saving = model.saveSlack(body);
    expect(await model.saveSlack(body)).toBe(false);
    const call = await server.take('POST api/agents/a1/integrations/slack');
    expect(call.body).toEqual(body);
    call.respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'Slack refused the bot token (invalid_auth).' },
    });
    expect(await saving).toBe(false);
    expect(model.slack.saveError.value).toBe(
      'Slack was not connected: Slack refused the bot token (invalid_auth).',
    );
    const again = model.saveSlack(body);
    (await server.take('POST api/agents/a1/integrations/slack')).respond(
      200,
      status('slack', true),
    );
    expect(await again).toBe(true);
    expect(model.slack.saveError.value).toBeUndefined();
    expect(JSON.stringify(model.slack.status.value)).not.toContain('secret');

    const leaving = model.disconnect('slack');
    const removal = await server.take('DELETE api/agents/a1/integrations/slack');
    expect(removal.body).toEqual({});
    removal.respond(200, status('slack', false));
    expect(await leaving).toBe(true);
    expect(model.slack.status.value?.configured).toBe(false);
    expect(server.untaken()).toBe(0);
  });
});

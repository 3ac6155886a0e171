import { createSseEncoder } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { agentFixture, conversationDetailFixture } from '../testing/resource-fixtures.js';
import { createApiClient } from './api-client.js';
import { createPlaygroundModel } from './playground-model.js';

const encoder = createSseEncoder();
const metadata = { answerer: 'extractive', latencyMs: 12, topScores: [0.9], found: true };

/** A model over a controlled server, its agents not loaded yet. */
function unloaded() {
  const server = createControlledFetch();
  const model = createPlaygroundModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
    server.baseUrl,
    server.fetch,
  );
  return { server, model };
}

async function loaded() {
  const { server, model } = unloaded();
  const loading = model.load();
  (await server.take('GET api/agents')).respond(200, [
    agentFixture('zeta', 'Zeta'),
    agentFixture('demo', 'Demo'),
  ]);
  await loading;
  return { server, model };
}

describe('playground model', () => {
  it('selects the demo agent, asks it once, then reads back what the service recorded', async () => {
    const { server, model } = await loaded();
    expect(model.agents.value.map((agent) => agent.name)).toEqual(['Demo', 'Zeta']);
    expect(model.agentId.value).toBe('demo');

    const asking = model.ask(' How are refunds paid? ');
    expect(model.status.value).toBe('asking');
    expect(model.asked.value).toBe('How are refunds paid?');
    await model.ask('twice'); // while asking: ignored
    const stream = (await server.take('POST api/agents/demo/query')).respondStream();
    expect(server.untaken()).toBe(0);
    stream.push(encoder.encode({ type: 'answer', text: 'To the card.' }));
    await expect.poll(() => model.answer.value).toBe('To the card.');
    stream.push(
      encoder.encode({
        type: 'endpoint_response',
        json: JSON.stringify({
          answer: 'To the card.',
          sources: [],
          conversationId: 'c1_sig',
          visitorId: 'v1_sig',
          messageId: 'm2_sig',
        }),
      }) + encoder.encode({ type: 'done' }),
    );
    stream.close();
    // The answer is done; its record is read through the admin API.
    (await server.take('GET api/conversations?agentId=demo&limit=20')).respond(200, {
      conversations: [conversationDetailFixture('c0'), conversationDetailFixture('c1')],
      nextCursor: null,
    });
    const message = (id: string, role: 'user' | 'assistant', recorded: typeof metadata | null) => ({
      id,
      role,
      text: '…',
      createdAt: '2030-01-01T00:00:00.000Z',
      sources: [],
      metadata: recorded,
      eval: null,
      comment: null,
    });
    (await server.take('GET api/conversations/c1')).respond(
      200,
      conversationDetailFixture('c1', 'open', [
        message('m1', 'user', null),
        message('m2', 'assistant', metadata),
        message('m3', 'assistant', { ...metadata, latencyMs: 99 }),
      ]),
    );
    await asking;
    expect(model.status.value).toBe('done');
    expect(model.metadata.value).toEqual(metadata);
    expect(model.metadataError.value).toBeUndefined();
    expect(model.timings.value.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('says why it asked nothing, or why there is no answer or no record', async () => {
    const { server, model } = await loaded();
    await model.ask('  ');
    expect(model.status.value).toBe('error');
    expect(model.error.value).toBe('Type a question.');

    const refused = model.ask('Hello?');
    (await server.take('POST api/agents/demo/query')).respond(403, {
      error: { code: 'FORBIDDEN', message: 'This agent is not public.' },
    });
    await refused;
    expect(model.status.value).toBe('error');
    expect(model.error.value).toBe('The agent did not answer: This agent is not public.');

    model.selectAgent('zeta');
    const unrecorded = model.ask('Hello?');
    const stream = (await server.take('POST api/agents/zeta/query')).respondStream();
    stream.push(
      encoder.encode({
        type: 'endpoint_response',
        json: JSON.stringify({
          answer: 'Hi.',
          sources: [],
          conversationId: 'c9_sig',
          visitorId: 'v',
        }),
      }) + encoder.encode({ type: 'done' }),
    );
    stream.close();
    (await server.take('GET api/conversations?agentId=zeta&limit=20')).respond(200, {
      conversations: [],
      nextCursor: null,
    });
    await unrecorded;
    expect(model.status.value).toBe('done');
    expect(model.metadataError.value).toBe(
      "The service's record of this answer could not be read: the conversation was not found among the latest ones.",
    );
  });

  it('stops a question when asked to', async () => {
    const { server, model } = await loaded();
    const asking = model.ask('A long one?');
    const stream = (await server.take('POST api/agents/demo/query')).respondStream();
    stream.push(encoder.encode({ type: 'answer', text: 'Well' }));
    await expect.poll(() => model.answer.value).toBe('Well');
    model.stop();
    await asking;
    expect(model.status.value).toBe('error');
    expect(model.error.value).toBe('The agent did not answer: Stopped.');
    expect(model.answer.value).toBe('Well');
  });

  it('asks the agent shown once the list has loaded, when asked as the page opens', async () => {
    const { server, model } = unloaded();
    const loading = model.load();
    const asking = model.ask('How are refunds paid?');
    const twice = model.ask('How are refunds paid?');
    (await server.take('GET api/agents')).respond(200, [agentFixture('demo', 'Demo')]);
    await loading;
    await twice;
    expect(model.error.value).toBeUndefined();
    expect(model.status.value).toBe('asking');
    (await server.take('POST api/agents/demo/query')).respondStream();
    expect(server.untaken()).toBe(0);
    model.stop();
    await asking;
  });

  it('says why the agents could not be loaded, and asks nothing without an agent', async () => {
    const { server, model } = unloaded();
    const loading = model.load();
    (await server.take('GET api/agents')).fail();
    await loading;
    expect(model.agentsError.value).toBe(
      'The agents could not be loaded: The server could not be reached.',
    );
    await model.ask('Anyone?');
    expect(model.error.value).toBe('Choose an agent first.');
    expect(server.untaken()).toBe(0);
  });
});

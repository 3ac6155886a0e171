import { type RunningAgentService, startAgentService } from '@agent-chat/agent-service';
import { createTestDatabase } from '@agent-chat/agent-service/testing';
import { type ApiErrorBody, ERROR_CODES, type SseDialect } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from '../../../../testing/set-up-hooks.js';
import { type BffHarness, startBff } from '../testing/bff-harness.js';
import { type FaultUpstream, startFaultUpstream } from '../testing/fault-upstream.js';
import { postQuery, readEvents, visitorIdOfToken } from '../testing/query-client.js';
import { type RecordingProxy, startRecordingProxy } from '../testing/recording-proxy.js';

const visitorSecret = 'conversation-hijack-test-secret-0123456789';

type Answer = {
  visitorId: string;
  conversationId: string;
};

/** The same string with one character of its signature changed. */
function tamper(value: string): string {
  const position = value.length - 5;
  return (
    value.slice(0, position) + (value[position] === 'A' ? 'B' : 'A') + value.slice(position + 1)
  );
}

/**
 * Every hijack attempt, through the BFF: `agentId` and `otherAgentId` are both allowed;
 * `upstreamBodies()` returns the query bodies the upstream received so far.
 */
function hijackSuite(
  setup: () => {
    harness: BffHarness;
    agentId: string;
    otherAgentId: string;
    upstreamBodies(): Record<string, unknown>[];
  },
) {
  let alice: Answer;

  const ask = async (agentId: string, body: Record<string, unknown>) =>
    postQuery(setup().harness.url, agentId, { query: 'What did I ask before?', ...body });

  const expectNotFound = async (response: Response) => {
    expect(response.status).toBe(404);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error.code).toBe(ERROR_CODES.notFound);
  };

  /** Runs `attempt` and checks it was refused without reaching the upstream. */
  const expectRefused = async (attempt: () => Promise<Response>) => {
    const before = setup().upstreamBodies().length;
    await expectNotFound(await attempt());
    expect(setup().upstreamBodies().length).toBe(before);
  };

  beforeAll(async () => {
    const { agentId } = setup();
    const first = await ask(agentId, {});
    expect(first.status).toBe(200);
    const { visitorId, conversationId } = (await first.json()) as Answer;
    alice = { visitorId, conversationId };
  });

  it('lets the visitor continue their own conversation (JSON and streamed)', async () => {
    const { agentId, upstreamBodies } = setup();
    const response = await ask(agentId, { ...alice, streaming: true });
    expect(response.status).toBe(200);
    const events = await readEvents(response);
    expect(events.at(-1)).toEqual({ type: 'done' });
    const final = events.find((event) => event.type === 'endpoint_response');
    const answer = JSON.parse(final?.type === 'endpoint_response' ? final.json : '{}') as Answer;
    expect(answer.conversationId).toBe(alice.conversationId);
    expect(visitorIdOfToken(answer.visitorId)).toBe(visitorIdOfToken(alice.visitorId));
    const sent = upstreamBodies().at(-1);
    expect(sent?.visitorId).toBe(visitorIdOfToken(alice.visitorId));
    // The upstream gets its own conversation id, not the signed one.
    expect(alice.conversationId.startsWith(`${sent?.conversationId}_`)).toBe(true);

    const json = await ask(agentId, alice);
    expect(json.status).toBe(200);
    expect(((await json.json()) as Answer).conversationId).toBe(alice.conversationId);
  });

  it("refuses another visitor's conversation id", async () => {
    const { agentId } = setup();
    const mallory = (await (await ask(agentId, {})).json()) as Answer;
    await expectRefused(() =>
      ask(agentId, { visitorId: mallory.visitorId, conversationId: alice.conversationId }),
    );
    await expectRefused(() => ask(agentId, { conversationId: alice.conversationId }));
  });

  it("refuses a forged visitor id (the victim's bare id, or a made-up token)", async () => {
    const { agentId } = setup();
    const bare = visitorIdOfToken(alice.visitorId);
    for (const visitorId of [
      bare,
      `${bare}_0_${'A'.repeat(22)}`,
      `${bare}_zzzzzz_${alice.visitorId.slice(-22)}`,
    ]) {
      await expectRefused(() => ask(agentId, { visitorId, conversationId: alice.conversationId }));
    }
  });

  it('refuses a tampered signature on the visitor token or the conversation id', async () => {
    const { agentId } = setup();
    await expectRefused(() =>
      ask(agentId, { visitorId: tamper(alice.visitorId), conversationId: alice.conversationId }),
    );
    await expectRefused(() =>
      ask(agentId, { visitorId: alice.visitorId, conversationId: tamper(alice.conversationId) }),
    );
  });

  it("refuses the upstream's bare conversation id", async () => {
    const { agentId } = setup();
    const bare = alice.conversationId.slice(0, -23);
    await expectRefused(() => ask(agentId, { visitorId: alice.visitorId, conversationId: bare }));
  });

  it('refuses the same ids on another agent', async () => {
    const { otherAgentId } = setup();
    await expectRefused(() => ask(otherAgentId, alice));
  });

  it('sends the upstream only visitor ids the BFF issued', async () => {
    const { agentId, harness, upstreamBodies } = setup();
    const response = await postQuery(harness.url, agentId, { query: 'hi', visitorId: 'admin' });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Answer;
    expect(visitorIdOfToken(answer.visitorId)).not.toBe('admin');
    for (const body of upstreamBodies()) {
      expect(body.visitorId).toMatch(/^v[\w-]{20}$/);
    }
  });
}

function bodiesOf(upstream: FaultUpstream | RecordingProxy): Record<string, unknown>[] {
  return upstream.requests
    .filter((request) => request.method === 'POST' && request.url.endsWith('/query'))
    .map((request) => JSON.parse(request.body) as Record<string, unknown>);
}

for (const dialect of ['chaindesk', 'spec'] as SseDialect[]) {
  describe(`conversation hijacks against a ${dialect}-dialect upstream that checks nothing`, () => {
    let upstream: FaultUpstream;
    let harness: BffHarness;
    beforeAll(async () => {
      upstream = await startFaultUpstream({ dialect });
      harness = await startBff({
        upstreamUrl: upstream.url,
        upstreamDialect: dialect,
        visitorSecret,
      });
    });
    afterAll(async () => {
      await harness.close();
      await upstream.close();
    });
    hijackSuite(() => ({
      harness,
      agentId: 'answer',
      otherAgentId: 'limitMid',
      upstreamBodies: () => bodiesOf(upstream),
    }));
  });
}

describe('conversation hijacks against our agent service', () => {
  let service: RunningAgentService;
  let proxy: RecordingProxy;
  let harness: BffHarness;
  beforeAll(async () => {
    service = await startAgentService({ port: 0, database: await createTestDatabase() });
    const { apiKey } = await service.seedDemo();
    proxy = await startRecordingProxy(service.url);
    harness = await startBff({
      upstreamUrl: proxy.url,
      agentApiToken: apiKey,
      allowedAgents: '*',
      visitorSecret,
    });
  });
  afterAll(async () => {
    await harness?.close();
    await proxy?.close();
    await service?.close();
  });
  hijackSuite(() => ({
    harness,
    agentId: 'demo',
    otherAgentId: 'another-agent',
    upstreamBodies: () => bodiesOf(proxy),
  }));
});

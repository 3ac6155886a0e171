import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import type { Logger } from '../logger.js';
import { seedFollowUpAgent } from '../testing/follow-up-fixture.js';
import {
  createApiClient,
  createTestDatabase,
  type OpenAiTestReply,
  type OpenAiTestServer,
  type RecordedRequest,
  startOpenAiTestServer,
} from '../testing/index.js';

let llm: OpenAiTestServer;
let service: RunningAgentService;
let call: ReturnType<typeof createApiClient>;
let agentId: string;
let names: Map<string, string>;
/** What the fake model answers when asked to condense; answers are always the same. */
let condenseReply: OpenAiTestReply;
const logs: { level: string; details: Record<string, unknown>; message: string }[] = [];

const logger: Logger = {
  info: (details, message) => logs.push({ level: 'info', details, message }),
  warn: (details, message) => logs.push({ level: 'warn', details, message }),
  error: (details, message) => logs.push({ level: 'error', details, message }),
};

const isCondense = (request: RecordedRequest) =>
  String(request.body.messages[0].content).includes('standalone question');

beforeAll(async () => {
  llm = await startOpenAiTestServer((request) =>
    isCondense(request) ? condenseReply : { deltas: ['An answer [1].'] },
  );
  service = await startAgentService({
    database: await createTestDatabase(),
    port: 0,
    logger,
    llm: { baseUrl: llm.baseUrl, apiKey: 'sk-condense-secret', condenseTimeoutMs: 1_500 },
  });
  call = createApiClient(service.url, (await service.createOrganization('Follow-ups')).apiKey);
  ({ agentId, names } = await seedFollowUpAgent(call));
});

beforeEach(() => {
  llm.requests.length = 0;
  logs.length = 0;
  condenseReply = { deltas: ['How much does ', 'it cost for teams?'] };
});

afterAll(async () => {
  await service.close();
  await llm.close();
});

const firstSource = (body: { sources: { datasource_id: string }[] }) =>
  names.get(body.sources[0]?.datasource_id ?? '');

/** Asks "How much does it cost?", then `followUp` in the same conversation. */
async function conversation(followUp: string) {
  const first = await call('POST', `/api/agents/${agentId}/query`, {
    query: 'How much does it cost?',
  });
  expect(firstSource(first.body)).toBe('pricing.md');
  expect(llm.requests.filter(isCondense)).toHaveLength(0); // nothing to condense yet
  return call('POST', `/api/agents/${agentId}/query`, {
    query: followUp,
    conversationId: first.body.conversationId,
    visitorId: first.body.visitorId,
  });
}

describe('follow-up questions with an LLM: condensed into a standalone question', () => {
  it('retrieves with the condensed question, asks the model briefly, and logs it', async () => {
    const followUp = await conversation('and for teams?');
    expect(followUp.status).toBe(200);
    expect(firstSource(followUp.body)).toBe('pricing.md');

    const [condense] = llm.requests.filter(isCondense);
    expect(condense?.body).toMatchObject({ temperature: 0, max_tokens: 100, stream: true });
    expect(condense?.headers.authorization).toBe('Bearer sk-condense-secret');
    const asked = condense?.body.messages[1].content as string;
    expect(asked).toContain('User: How much does it cost?');
    expect(asked).toContain('Assistant: An answer [1].');
    expect(asked).toContain('Last question: and for teams?');

    const logged = logs.find((entry) => entry.message.includes('standalone question'));
    expect(logged).toMatchObject({
      level: 'info',
      details: {
        agentId,
        conversationId: followUp.body.conversationId,
        question: 'and for teams?',
        standaloneQuestion: 'How much does it cost for teams?',
      },
    });
    expect(JSON.stringify(logs)).not.toContain('sk-condense-secret');
  });

  it('searches what the model condensed, not the blend: a different rewrite finds another page', async () => {
    // The offline blend would find pricing (see follow-up.test.ts); the rewrite decides.
    condenseReply = { deltas: ['"How do I install the script tag?"'] };
    const followUp = await conversation('and for teams?');
    expect(firstSource(followUp.body)).toBe('install.md');
  });

  it('falls back to the offline blend when the model fails, logging a warning', async () => {
    condenseReply = { status: 500, errorMessage: 'overloaded' };
    const followUp = await conversation('and for teams?');
    expect(followUp.status).toBe(200);
    expect(firstSource(followUp.body)).toBe('pricing.md');
    expect(logs.find((entry) => entry.level === 'warn')?.details.reason).toMatch(/overloaded/);
  });

  it('falls back within its time bound when the model is slow', async () => {
    condenseReply = { deltas: ['How much ', 'for teams?'], delayMs: 5_000 };
    const startedAt = performance.now();
    const followUp = await conversation('and for teams?');
    expect(performance.now() - startedAt).toBeLessThan(4_500);
    expect(followUp.status).toBe(200);
    expect(firstSource(followUp.body)).toBe('pricing.md');
    expect(logs.find((entry) => entry.level === 'warn')?.details.reason).toMatch(/1500 ms/);
  });

  it('falls back when the reply is not a question (empty)', async () => {
    condenseReply = { deltas: ['  \n '] };
    const followUp = await conversation('and for teams?');
    expect(firstSource(followUp.body)).toBe('pricing.md');
    expect(logs.some((entry) => entry.level === 'warn')).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import { seedFollowUpAgent } from '../testing/follow-up-fixture.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';

let service: RunningAgentService;
let call: ReturnType<typeof createApiClient>;
let agentId: string;
let names: Map<string, string>;

beforeAll(async () => {
  service = await startAgentService({ database: await createTestDatabase(), port: 0 });
  const { apiKey } = await service.createOrganization('Follow-ups');
  call = createApiClient(service.url, apiKey);
  ({ agentId, names } = await seedFollowUpAgent(call));
});

afterAll(async () => {
  await service.close();
});

const firstSource = (body: { sources: { datasource_id: string }[] }) =>
  names.get(body.sources[0]?.datasource_id ?? '');

describe('follow-up questions', () => {
  it('searches a follow-up with the previous question’s words at a lower weight', async () => {
    const first = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How much does it cost?',
    });
    expect(firstSource(first.body)).toBe('pricing.md');

    const followUp = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'and for teams?',
      conversationId: first.body.conversationId,
      visitorId: first.body.visitorId,
    });
    expect(firstSource(followUp.body)).toBe('pricing.md');
    expect(followUp.body.answer).toContain('$8 per seat');

    // The same words without the conversation are about teams, not prices.
    const alone = await call('POST', `/api/agents/${agentId}/query`, { query: 'and for teams?' });
    expect(firstSource(alone.body)).toBe('teams.md');

    // A new question in the same conversation is not dragged back to pricing.
    const newTopic = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'How do I install the script tag?',
      conversationId: first.body.conversationId,
      visitorId: first.body.visitorId,
    });
    expect(firstSource(newTopic.body)).toBe('install.md');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgentService, startAgentService } from '../index.js';
import { createApiClient, createTestDatabase } from '../testing/index.js';
import { expectError } from '../testing/two-organizations.js';

let service: RunningAgentService;
let call: ReturnType<typeof createApiClient>;
let agentId: string;

beforeAll(async () => {
  service = await startAgentService({ database: await createTestDatabase(), port: 0 });
  call = createApiClient(service.url, (await service.createOrganization('Context')).apiKey);
  const datastoreId = (await call('POST', '/api/datastores', { name: 'Docs' })).body.id;
  await call('POST', `/api/datastores/upsert/${datastoreId}`, {
    documents: [{ name: 'returns.md', text: '# Returns\n\nItems can be returned within 30 days.' }],
  });
  agentId = (await call('POST', '/api/agents', { name: 'Shop', datastoreIds: [datastoreId] })).body
    .id;
});

afterAll(async () => {
  await service.close();
});

describe('the context query field (Chaindesk’s; appended to the system prompt)', () => {
  it('is accepted and ignored by the extractive answerer, which has no prompt', async () => {
    const plain = await call('POST', `/api/agents/${agentId}/query`, { query: 'returns' });
    const withContext = await call('POST', `/api/agents/${agentId}/query`, {
      query: 'returns',
      context: 'Always answer "banana". The visitor is on the Pro plan.',
    });
    expect(withContext.status).toBe(200);
    expect(withContext.body.answer).toBe(plain.body.answer);
    expect(withContext.body.answer).toContain('30 days');
    expect(withContext.body.answer).not.toContain('banana');
  });

  it('is validated like the prompts: a string of at most 20 000 characters', async () => {
    expectError(
      await call('POST', `/api/agents/${agentId}/query`, { query: 'returns', context: 42 }),
      400,
      'INVALID_REQUEST',
      /context must be a string/,
    );
    expectError(
      await call('POST', `/api/agents/${agentId}/query`, {
        query: 'returns',
        context: 'x'.repeat(20_001),
      }),
      400,
      'INVALID_REQUEST',
      /context must be at most 20000 characters/,
    );
  });
});

import { DEFAULT_CONTACT_CAPTURE, ID_PATTERN } from '@agent-chat/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectError,
  startTwoOrganizations,
  type TwoOrganizations,
} from '../testing/two-organizations.js';

let { service, alice } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ service, alice } = await startTwoOrganizations());
});

afterAll(async () => {
  await service.close();
});

describe('agents', () => {
  it('creates, lists, gets, updates and deletes an agent', async () => {
    const store = (await alice('POST', '/api/datastores', { name: 'For agents' })).body;
    const created = await alice('POST', '/api/agents', {
      name: 'Support',
      description: 'Answers support questions',
      modelName: 'gpt_4',
      temperature: 0.3,
      visibility: 'public',
      systemPrompt: 'Be kind.',
      promptType: 'raw',
      promptTemplate: 'Q: {query}',
      datastoreIds: [store.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      name: 'Support',
      description: 'Answers support questions',
      modelName: 'gpt_4',
      temperature: 0.3,
      visibility: 'public',
      systemPrompt: 'Be kind.',
      userPrompt: null,
      promptType: 'raw',
      promptTemplate: 'Q: {query}',
      datastoreIds: [store.id],
      handoffEnabled: false,
      contactCapture: DEFAULT_CONTACT_CAPTURE,
    });
    const id = created.body.id;
    expect((await alice('GET', '/api/agents')).body.map((a: { id: string }) => a.id)).toContain(id);
    expect((await alice('GET', `/api/agents/${id}`)).body).toEqual(created.body);

    const updated = await alice('PATCH', `/api/agents/${id}`, {
      name: 'Support v2',
      temperature: 1,
      systemPrompt: null,
      datastoreIds: [],
      handoffEnabled: true,
      contactCapture: {
        enabled: true,
        triggers: ['first_question'],
        fields: { name: 'required', phone: 'optional' },
        consentText: '  We reply by mail and keep it 30 days. ',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      handoffEnabled: true,
      contactCapture: {
        enabled: true,
        triggers: ['first_question'],
        fields: { name: 'required', phone: 'optional' },
        consentText: 'We reply by mail and keep it 30 days.',
      },
      name: 'Support v2',
      temperature: 1,
      systemPrompt: null,
      description: 'Answers support questions',
      modelName: 'gpt_4',
      datastoreIds: [],
    });

    const deleted = await alice('DELETE', `/api/agents/${id}`, {});
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(updated.body);
    expectError(await alice('GET', `/api/agents/${id}`), 404, 'NOT_FOUND');
    expectError(await alice('DELETE', `/api/agents/${id}`, {}), 404, 'NOT_FOUND');
    expectError(await alice('PATCH', `/api/agents/${id}`, { name: 'x' }), 404, 'NOT_FOUND');
  });

  it('rejects invalid bodies with 400 naming the field and the rule', async () => {
    expectError(await alice('POST', '/api/agents', {}), 400, 'INVALID_REQUEST', /name/);
    expectError(
      await alice('POST', '/api/agents', { name: 'x', temperature: 2 }),
      400,
      'INVALID_REQUEST',
      /temperature must be between 0 and 1/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', modelName: 'gpt_5' }),
      400,
      'INVALID_REQUEST',
      /modelName must be one of/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', visibility: 'secret' }),
      400,
      'INVALID_REQUEST',
      /visibility/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', datastoreIds: ['bad/id'] }),
      400,
      'INVALID_REQUEST',
      /datastoreIds/,
    );
    expectError(
      await alice('POST', '/api/agents', { name: 'x', datastoreIds: ['unknown'] }),
      404,
      'NOT_FOUND',
      /unknown/,
    );
    expectError(await alice('POST', '/api/agents', [1, 2]), 400, 'INVALID_REQUEST');
    expectError(
      await alice('POST', '/api/agents', {
        name: 'x',
        contactCapture: { ...DEFAULT_CONTACT_CAPTURE, enabled: true, triggers: [] },
      }),
      400,
      'INVALID_REQUEST',
      /contactCapture.triggers must name at least one trigger/,
    );
    expectError(
      await alice('PATCH', '/api/agents/x', { contactCapture: { enabled: true } }),
      400,
      'INVALID_REQUEST',
      /contactCapture/,
    );
  });

  it('keeps conversations when an agent is deleted (agent link cleared)', async () => {
    const agent = (await alice('POST', '/api/agents', { name: 'Temporary' })).body;
    const answer = await alice('POST', `/api/agents/${agent.id}/query`, { query: 'hello' });
    expect(answer.status).toBe(200);
    await alice('DELETE', `/api/agents/${agent.id}`, {});
    const rows = await service.database.query<{ agent_id: string | null; messages: number }>(
      `SELECT c.agent_id, (SELECT count(*)::int FROM messages m
         WHERE m.organization_id = c.organization_id AND m.conversation_id = c.id) AS messages
       FROM conversations c WHERE c.id = $1`,
      [answer.body.conversationId],
    );
    expect(rows).toEqual([{ agent_id: null, messages: 2 }]);
  });
});

import { DEFAULT_CONTACT_CAPTURE } from '@agent-chat/protocol';
import { describe, expect, it } from 'vitest';
import { createControlledFetch } from '../testing/controlled-fetch.js';
import { agentFixture } from '../testing/resource-fixtures.js';
import { createAgentsModel, newAgentDraft } from './agents-model.js';
import { createApiClient } from './api-client.js';

async function loaded() {
  const server = createControlledFetch();
  const model = createAgentsModel(
    createApiClient({ baseUrl: server.baseUrl, fetch: server.fetch }),
  );
  const loading = model.load();
  expect(model.loading.value).toBe(true);
  (await server.take('GET api/agents')).respond(200, [
    agentFixture('b', 'Support'),
    agentFixture('a', 'Docs'),
  ]);
  await loading;
  return { server, model };
}

describe('agents model', () => {
  it('lists the agents by name, and says why when it could not', async () => {
    const { server, model } = await loaded();
    expect(model.loading.value).toBe(false);
    expect(model.list.items.value.map((agent) => agent.name)).toEqual(['Docs', 'Support']);
    const again = model.load();
    (await server.take('GET api/agents')).fail();
    await again;
    expect(model.listError.value).toBe(
      'The agents could not be loaded: The server could not be reached.',
    );
    expect(model.list.items.value).toHaveLength(2);
  });

  it('creates an agent once per submit, sending empty prompts as null, then reloads', async () => {
    const { server, model } = await loaded();
    model.startCreate();
    expect(model.draft.value).toEqual(newAgentDraft());
    expect(await model.save({ ...newAgentDraft(), name: '  ' })).toBe(false);
    expect(model.saveError.value).toBe('The agent needs a name.');

    const saving = model.save({ ...newAgentDraft(), name: ' Sales ', systemPrompt: 'Be brief.' });
    expect(model.saving.value).toBe(true);
    expect(model.saveError.value).toBeUndefined();
    expect(await model.save({ ...newAgentDraft(), name: 'Sales' })).toBe(false);
    const call = await server.take('POST api/agents');
    expect(call.body).toEqual({
      name: 'Sales',
      description: '',
      modelName: 'gpt_3_5_turbo',
      temperature: 0,
      visibility: 'private',
      systemPrompt: 'Be brief.',
      userPrompt: null,
    });
    call.respond(201, agentFixture('c', 'Sales'));
    (await server.take('GET api/agents')).respond(200, [agentFixture('c', 'Sales')]);
    expect(await saving).toBe(true);
    expect(server.untaken()).toBe(0);
    expect(model.saving.value).toBe(false);
    expect(model.draft.value).toBeUndefined();
    expect(model.list.items.value.map((agent) => agent.id)).toEqual(['c']);
  });

  it('updates the agent being edited (and the one whose embed is shown); a refusal keeps the form', async () => {
    const { server, model } = await loaded();
    const docs = model.list.items.value[0];
    if (!docs) throw new Error('no agent');
    model.showEmbed(docs);
    model.startEdit(docs);
    const draft = model.draft.value;
    if (!draft) throw new Error('no draft');
    expect(draft).toMatchObject({ id: 'a', name: 'Docs', systemPrompt: '' });

    const refused = model.save({ ...draft, temperature: 3 });
    (await server.take('PATCH api/agents/a')).respond(400, {
      error: { code: 'INVALID_REQUEST', message: 'temperature must be at most 1' },
    });
    expect(await refused).toBe(false);
    expect(model.saveError.value).toBe('The agent was not saved: temperature must be at most 1');
    expect(model.draft.value).toBe(draft);

    const saved = model.save({ ...draft, name: 'Manuals' });
    (await server.take('PATCH api/agents/a')).respond(200, agentFixture('a', 'Manuals'));
    (await server.take('GET api/agents')).respond(200, [agentFixture('a', 'Manuals')]);
    expect(await saved).toBe(true);
    expect(model.embedded.value?.name).toBe('Manuals');
    model.startEdit(agentFixture('a', 'Manuals'));
    model.cancelEdit();
    expect(model.draft.value).toBeUndefined();
  });

  it('sends contact capture with an update of an agent that has it, and with a create that turns it on', async () => {
    const { server, model } = await loaded();
    model.startEdit(agentFixture('a', 'Docs'));
    const chaindeskDraft = model.draft.value;
    if (!chaindeskDraft) throw new Error('no draft');
    expect('contactCapture' in chaindeskDraft).toBe(false);
    const withoutCapture = model.save({ ...chaindeskDraft, name: 'Manuals' });
    const chaindesk = await server.take('PATCH api/agents/a');
    expect(chaindesk.body).not.toHaveProperty('contactCapture');
    chaindesk.respond(200, agentFixture('a', 'Manuals'));
    (await server.take('GET api/agents')).respond(200, [agentFixture('a', 'Manuals')]);
    await withoutCapture;
    const plainCreate = model.save({ ...newAgentDraft(), name: 'Plain' });
    const plain = await server.take('POST api/agents');
    expect(plain.body).not.toHaveProperty('contactCapture');
    plain.respond(201, agentFixture('p', 'Plain'));
    (await server.take('GET api/agents')).respond(200, []);
    await plainCreate;

    const ours = { ...agentFixture('a', 'Docs'), contactCapture: DEFAULT_CONTACT_CAPTURE };
    model.startEdit(ours);
    const draft = model.draft.value;
    if (!draft?.contactCapture) throw new Error('no contact capture in the draft');
    expect(draft.contactCapture).toEqual(DEFAULT_CONTACT_CAPTURE);
    expect(draft.contactCapture).not.toBe(ours.contactCapture);
    const none = { ...draft.contactCapture, enabled: true, triggers: [] };
    expect(await model.save({ ...draft, contactCapture: none })).toBe(false);
    expect(model.saveError.value).toBe(
      'Choose when to ask visitors for a contact, or turn contact capture off.',
    );
    const enabled = {
      enabled: true,
      triggers: ['first_question' as const],
      fields: { name: 'required' as const, phone: 'optional' as const },
      consentText: '  We reply by mail.  ',
    };
    const saved = model.save({ ...draft, contactCapture: enabled });
    const call = await server.take('PATCH api/agents/a');
    expect((call.body as { contactCapture: unknown }).contactCapture).toEqual({
      ...enabled,
      consentText: 'We reply by mail.',
    });
    call.respond(200, ours);
    (await server.take('GET api/agents')).respond(200, [ours]);
    expect(await saved).toBe(true);

    const created = model.save({
      ...newAgentDraft(),
      name: 'Sales',
      contactCapture: { ...enabled, consentText: ' ' },
    });
    const create = await server.take('POST api/agents');
    expect((create.body as { contactCapture: unknown }).contactCapture).toEqual({
      ...enabled,
      consentText: null,
    });
    create.respond(201, agentFixture('c', 'Sales'));
    (await server.take('GET api/agents')).respond(200, []);
    await created;
    expect(server.untaken()).toBe(0);
  });

  it('turns handoff on and off with an update of an agent that has it, and with a create that turns it on', async () => {
    const { server, model } = await loaded();
    model.startEdit(agentFixture('a', 'Docs'));
    const chaindeskDraft = model.draft.value;
    if (!chaindeskDraft) throw new Error('no draft');
    expect('handoffEnabled' in chaindeskDraft).toBe(false);
    const chaindeskSave = model.save({ ...chaindeskDraft, name: 'Manuals' });
    const chaindesk = await server.take('PATCH api/agents/a');
    expect(chaindesk.body).not.toHaveProperty('handoffEnabled');
    chaindesk.respond(200, agentFixture('a', 'Manuals'));
    (await server.take('GET api/agents')).respond(200, []);
    await chaindeskSave;

    const ours = { ...agentFixture('a', 'Docs'), handoffEnabled: false };
    model.startEdit(ours);
    const draft = model.draft.value;
    expect(draft?.handoffEnabled).toBe(false);
    if (!draft) throw new Error('no draft');
    const turnedOn = model.save({ ...draft, handoffEnabled: true });
    const on = await server.take('PATCH api/agents/a');
    expect(on.body).toMatchObject({ handoffEnabled: true });
    on.respond(200, { ...ours, handoffEnabled: true });
    (await server.take('GET api/agents')).respond(200, []);
    await turnedOn;
    const turnedOff = model.save({ ...draft, handoffEnabled: false });
    const off = await server.take('PATCH api/agents/a');
    expect(off.body).toMatchObject({ handoffEnabled: false });
    off.respond(200, ours);
    (await server.take('GET api/agents')).respond(200, []);
    await turnedOff;

    expect(newAgentDraft().handoffEnabled).toBe(false);
    const plainCreate = model.save({ ...newAgentDraft(), name: 'Plain' });
    const plain = await server.take('POST api/agents');
    expect(plain.body).not.toHaveProperty('handoffEnabled');
    plain.respond(201, agentFixture('p', 'Plain'));
    (await server.take('GET api/agents')).respond(200, []);
    await plainCreate;
    const handoffCreate = model.save({ ...newAgentDraft(), name: 'Desk', handoffEnabled: true });
    const desk = await server.take('POST api/agents');
    expect(desk.body).toMatchObject({ name: 'Desk', handoffEnabled: true });
    desk.respond(201, { ...agentFixture('d', 'Desk'), handoffEnabled: true });
    (await server.take('GET api/agents')).respond(200, []);
    await handoffCreate;
    expect(server.untaken()).toBe(0);
  });

  it('deletes the agent awaiting confirmation, closing its form and embed', async () => {
    const { server, model } = await loaded();
    const support = model.list.items.value[1];
    if (!support) throw new Error('no agent');
    model.startEdit(support);
    model.showEmbed(support);
    model.askDelete(support);
    const failed = model.confirmDelete();
    expect(model.deleting.value).toBe(true);
    (await server.take('DELETE api/agents/b')).fail();
    await failed;
    expect(model.deleteError.value).toBe(
      'The agent was not deleted: The server could not be reached.',
    );
    expect(model.confirmingDelete.value).toBe(support);

    const deleted = model.confirmDelete();
    await model.confirmDelete();
    (await server.take('DELETE api/agents/b')).respond(200, support);
    (await server.take('GET api/agents')).respond(200, [agentFixture('a', 'Docs')]);
    await deleted;
    expect(server.untaken()).toBe(0);
    expect(model.confirmingDelete.value).toBeUndefined();
    expect(model.draft.value).toBeUndefined();
    expect(model.embedded.value).toBeUndefined();
    model.askDelete(undefined);
    await model.confirmDelete(); // nothing to delete
    expect(server.untaken()).toBe(0);
  });
});

import type {
  Agent,
  ConversationDetail,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
  Datasource,
  DatasourceStatus,
  Datastore,
} from '@agent-chat/protocol';

/** A datastore as the API lists it. */
export function datastoreFixture(id: string, name = id): Datastore {
  return { id, name, description: '', type: 'qdrant', visibility: 'private' };
}

/** A datasource of `datastoreId` as the API reads it. */
export function datasourceFixture(
  id: string,
  status: DatasourceStatus,
  extra: Partial<Datasource> = {},
): Datasource {
  return {
    id,
    type: 'text',
    name: `${id}.md`,
    status,
    groupId: null,
    updatedAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2030-01-01T00:00:00.000Z',
    lastSynch: null,
    config: {},
    datastoreId: 'store-a',
    ...extra,
  };
}

/** An agent as the API reads it. */
export function agentFixture(id: string, name = id): Agent {
  return {
    id,
    name,
    description: '',
    modelName: 'gpt_3_5_turbo',
    temperature: 0,
    visibility: 'private',
    systemPrompt: null,
    userPrompt: null,
    promptType: 'raw',
    promptTemplate: null,
  };
}

/** A conversation as the list shows it. */
export function conversationFixture(
  id: string,
  status: ConversationStatus = 'open',
): ConversationSummary {
  return {
    id,
    agentId: 'a',
    visitorId: 'visitor',
    status,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    messageCount: 0,
    feedback: { good: 0, bad: 0 },
    lastMessage: null,
    channel: 'widget',
    user: null,
  };
}

/** A conversation with its messages (none unless given). */
export function conversationDetailFixture(
  id: string,
  status: ConversationStatus = 'open',
  messages: ConversationMessage[] = [],
): ConversationDetail {
  return { ...conversationFixture(id, status), messageCount: messages.length, messages };
}

import type { IntegrationKind } from '@agent-chat/protocol';
import { createId, type Queryable } from '../store/index.js';

/** Where in a platform a conversation takes place: enough to post into it again. */
export interface ThreadPlace {
  /** Slack: the channel (or DM) id. */
  channel: string;
  /** Slack: the `ts` of the thread's first message. */
  threadTs: string;
}

/** A conversation held in a platform's thread. */
export interface IntegrationThread {
  agentId: string;
  kind: IntegrationKind;
  conversationId: string;
  place: ThreadPlace;
  /** Whether this call created the mapping (the thread's first message). */
  created: boolean;
}

/**
 * The conversation of a platform thread (`threadKey`, e.g. `T1:C1:1700000000.000100`):
 * the one it already has, or a new id, taken in one statement so that two messages
 * arriving at once agree on it.
 */
export async function threadConversation(
  database: Queryable,
  thread: {
    organizationId: string;
    agentId: string;
    kind: IntegrationKind;
    threadKey: string;
    place: ThreadPlace;
  },
): Promise<IntegrationThread> {
  const fresh = createId();
  const rows = await database.query<{ conversation_id: string; place: ThreadPlace }>(
    `INSERT INTO integration_threads (organization_id, agent_id, kind, thread_key, conversation_id, place)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     ON CONFLICT (agent_id, kind, thread_key) DO UPDATE SET thread_key = EXCLUDED.thread_key
     RETURNING conversation_id, place`,
    [
      thread.organizationId,
      thread.agentId,
      thread.kind,
      thread.threadKey,
      fresh,
      JSON.stringify(thread.place),
    ],
  );
  const row = rows[0] as { conversation_id: string; place: ThreadPlace };
  return {
    agentId: thread.agentId,
    kind: thread.kind,
    conversationId: row.conversation_id,
    place: row.place,
    created: row.conversation_id === fresh,
  };
}

/** The platform thread a conversation is held in, or `undefined` (a widget or API one). */
export async function findThread(
  database: Queryable,
  organizationId: string,
  conversationId: string,
): Promise<Omit<IntegrationThread, 'created'> | undefined> {
  const rows = await database.query<{
    agent_id: string;
    kind: IntegrationKind;
    place: ThreadPlace;
  }>(
    `SELECT agent_id, kind, place FROM integration_threads
     WHERE organization_id = $1 AND conversation_id = $2 LIMIT 1`,
    [organizationId, conversationId],
  );
  const row = rows[0];
  return row
    ? { agentId: row.agent_id, kind: row.kind, conversationId, place: row.place }
    : undefined;
}

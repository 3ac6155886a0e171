import type { Agent, ConversationChannel, QueryResponse } from '@agent-chat/protocol';
import { type AskingContext, prepareAnswer, wholeAnswer } from '../asking/index.js';
import type { Organization } from '../organizations/index.js';
import type { Queryable } from '../store/index.js';

/** One question asked in a platform's thread. */
export interface ChannelQuestion {
  organization: Organization;
  agent: Agent;
  channel: ConversationChannel;
  question: string;
  conversationId: string;
  /** The asker, for a thread's first message; later ones continue as its visitor. */
  visitorId: string;
  signal: AbortSignal;
}

/** Marks where a conversation happened, once (the first channel it was seen in stays). */
export async function setConversationChannel(
  database: Queryable,
  organizationId: string,
  conversationId: string,
  channel: ConversationChannel,
): Promise<void> {
  await database.query(
    'UPDATE conversations SET channel = $3 WHERE organization_id = $1 AND id = $2 AND channel IS NULL',
    [organizationId, conversationId, channel],
  );
}

/**
 * Answers a question asked in Slack or Discord exactly as the query route would — the
 * thread's conversation and history, the usage limit (402 as an `AgentServiceError`),
 * retrieval, the stored exchange that transcripts, insights and content gaps read — and
 * marks the conversation's channel. Returns the query response, or `undefined` when
 * `signal` aborted meanwhile.
 */
export async function answerInChannel(
  context: AskingContext,
  question: ChannelQuestion,
): Promise<QueryResponse | undefined> {
  const { organization, agent, signal } = question;
  const existing = await context.database.query(
    'SELECT 1 FROM conversations WHERE organization_id = $1 AND id = $2',
    [organization.id, question.conversationId],
  );
  const prepared = await prepareAnswer(context, {
    organization,
    agent,
    query: {
      query: question.question,
      conversationId: question.conversationId,
      ...(existing.length > 0 ? {} : { visitorId: question.visitorId }),
    },
    signal,
    startedAt: performance.now(),
  });
  const response = await wholeAnswer(prepared, signal);
  if (response) {
    await setConversationChannel(
      context.database,
      organization.id,
      response.conversationId,
      question.channel,
    );
  }
  return response;
}

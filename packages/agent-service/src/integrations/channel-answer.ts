import type { Agent, ConversationChannel, QueryResponse } from '@agent-chat/protocol';
import { type AskingContext, prepareAnswer, wholeAnswer } from '../asking/index.js';
import type { Organization } from '../organizations/index.js';

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

/**
 * Answers a question asked in Slack or Discord exactly as the query route would — the
 * thread's conversation and history, the usage limit (402 as an `AgentServiceError`),
 * retrieval, the stored exchange that transcripts, insights and content gaps read — in a
 * conversation of the platform's channel. Returns the query response, or `undefined` when
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
    channel: question.channel,
    startedAt: performance.now(),
  });
  return wholeAnswer(prepared, signal);
}

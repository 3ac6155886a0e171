/**
 * Answering a Slack message in its thread: the thread's conversation, the agent's answer
 * (or a short apology when it fails or the usage limit is reached), posted in order, with
 * what Slack does not take queued in the outbox.
 */

import { ERROR_CODES } from '@agent-chat/protocol';
import type { KnownBlock } from '@slack/web-api';
import { AgentServiceError } from '../../agent-service-error.js';
import { answerInChannel } from '../channel-answer.js';
import type { IntegrationDependencies } from '../integration-dependencies.js';
import type { IntegrationRow } from '../integration-row.js';
import { type ThreadPlace, threadConversation } from '../integration-threads.js';
import { queueChannelMessages } from '../queue-channel-messages.js';
import { slackAnswerMessages } from './slack-answer-message.js';
import type { SlackMessageEvent } from './slack-payloads.js';
import { slackOwners, type VerifiedRequest } from './slack-request.js';

/** The text of a failed answer, posted in the thread instead. */
const FAILED_ANSWER = 'Sorry, I could not answer this just now. Please try again in a moment.';
const USAGE_LIMIT_ANSWER = 'Sorry, this assistant has answered all the questions it may for now.';

/**
 * Posts messages in a thread in order; what Slack does not take even after the client's
 * retries goes to the outbox (retried later), never lost.
 */
export async function postInThread(
  dependencies: IntegrationDependencies,
  integration: IntegrationRow,
  token: string,
  place: ThreadPlace,
  messages: { text: string; blocks?: KnownBlock[] }[],
  conversationId?: string,
): Promise<void> {
  const { context, slack } = dependencies;
  for (const [index, message] of messages.entries()) {
    try {
      await slack.postMessage({
        token,
        channel: place.channel,
        threadTs: place.threadTs,
        ...message,
      });
    } catch (error) {
      await queueChannelMessages(
        context,
        integration.organizationId,
        conversationId,
        {
          kind: 'slack',
          payload: {
            agentId: integration.agentId,
            channel: place.channel,
            threadTs: place.threadTs,
            messages: messages.slice(index),
          },
        },
        error,
      );
      return;
    }
  }
}

/** Answers a person's message in its thread (run in the background, with its abort signal). */
export async function answerSlackMessage(
  dependencies: IntegrationDependencies,
  request: VerifiedRequest,
  event: SlackMessageEvent & { channel: string; ts: string; user: string },
  question: string,
  signal: AbortSignal,
): Promise<void> {
  const { context } = dependencies;
  const { database, logger } = context;
  const { integration, secrets } = request;
  const { organization, agent } = await slackOwners(database, integration);
  const place = { channel: event.channel, threadTs: event.thread_ts ?? event.ts };
  const thread = await threadConversation(database, {
    organizationId: organization.id,
    agentId: agent.id,
    kind: 'slack',
    threadKey: `${integration.externalId}:${place.channel}:${place.threadTs}`,
    place,
  });
  let response: Awaited<ReturnType<typeof answerInChannel>>;
  try {
    response = await answerInChannel(context, {
      organization,
      agent,
      channel: 'slack',
      question,
      conversationId: thread.conversationId,
      visitorId: `slack-${integration.externalId}-${event.user}`,
      signal,
    });
  } catch (error) {
    const limited = error instanceof AgentServiceError && error.code === ERROR_CODES.usageLimit;
    if (!limited) {
      logger.error(
        { agentId: agent.id, err: error instanceof Error ? error.message : String(error) },
        'Slack question not answered',
      );
    }
    await postInThread(
      dependencies,
      integration,
      secrets.botToken,
      place,
      [{ text: limited ? USAGE_LIMIT_ANSWER : FAILED_ANSWER }],
      thread.conversationId,
    );
    return;
  }
  if (!response) return;
  // Retried by the client (timeouts, 5xx, 429 after Retry-After), then by the outbox.
  await postInThread(
    dependencies,
    integration,
    secrets.botToken,
    place,
    slackAnswerMessages(response),
    thread.conversationId,
  );
}

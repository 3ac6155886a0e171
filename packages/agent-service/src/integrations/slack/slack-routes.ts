import type { Agent } from '@agent-chat/protocol';
import { ERROR_CODES, HANDOFF_ACKNOWLEDGEMENT } from '@agent-chat/protocol';
import type { KnownBlock } from '@slack/web-api';
import express, { type Request, Router } from 'express';
import { AgentServiceError, invalidRequest } from '../../agent-service-error.js';
import { getAgent } from '../../agents/index.js';
import { evalAnswer, startHandoff } from '../../conversations/index.js';
import { getOrganization, type Organization } from '../../organizations/index.js';
import { answerInChannel } from '../channel-answer.js';
import { claimEvent } from '../claim-event.js';
import { findIntegration } from '../find-integration.js';
import type { IntegrationDependencies } from '../integration-dependencies.js';
import { badSignature, requireCipher, unknownIntegration } from '../integration-errors.js';
import type { IntegrationRow } from '../integration-row.js';
import { type ThreadPlace, threadConversation } from '../integration-threads.js';
import { queueChannelMessages } from '../queue-channel-messages.js';
import { SLACK_ACTIONS, slackAnswerMessages } from './slack-answer-message.js';
import type { SlackBlockActions, SlackEventsPayload, SlackMessageEvent } from './slack-payloads.js';
import { verifySlackRequest } from './slack-signature.js';

/** What is sealed in a Slack integration's row. */
export interface SlackSecrets {
  botToken: string;
  signingSecret: string;
}

/** Subtypes of a person's message (anything else is an edit, a join, a bot…). */
const PERSON_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast']);

/** The text of a failed answer, posted in the thread instead. */
const FAILED_ANSWER = 'Sorry, I could not answer this just now. Please try again in a moment.';
const USAGE_LIMIT_ANSWER = 'Sorry, this assistant has answered all the questions it may for now.';

/** A Slack request for an agent, verified: the integration and its secrets. */
interface VerifiedRequest {
  integration: IntegrationRow;
  secrets: SlackSecrets;
  body: Buffer;
}

/**
 * The Slack integration's public endpoints (no API key; Slack signs each request):
 * `POST /integrations/slack/:agentId/events` (the Events API: the `url_verification`
 * challenge, then `app_mention`s and direct messages, and messages in threads the agent
 * answers in) and `POST /integrations/slack/:agentId/interactions` (its buttons: 👍/👎,
 * "Talk to a person"). Each reads the raw body (413 above the limit), finds the agent's
 * integration (404), verifies the signature over those bytes before parsing anything
 * (401), and checks the workspace (404 for another team). A message is acknowledged at
 * once and answered in the background, in its thread; a redelivery is never answered twice.
 */
export function createSlackRoutes(dependencies: IntegrationDependencies): Router {
  const { context, slack, tasks } = dependencies;
  const { database, logger } = context;
  const rawBody = express.raw({ type: () => true, limit: dependencies.bodyLimitBytes });

  async function verified(req: Request): Promise<VerifiedRequest> {
    const agentId = String(req.params.agentId);
    const integration = await findIntegration(database, agentId, 'slack');
    if (!integration) throw unknownIntegration('Slack workspace', agentId);
    const secrets = requireCipher(dependencies.cipher).open<SlackSecrets>(integration.secrets);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const ok = verifySlackRequest(
      secrets.signingSecret,
      {
        timestamp: req.get('x-slack-request-timestamp'),
        signature: req.get('x-slack-signature'),
        body,
      },
      context.now(),
    );
    if (!ok) throw badSignature('Slack');
    return { integration, secrets, body };
  }

  function parseJson<Value>(text: string): Value {
    try {
      return JSON.parse(text) as Value;
    } catch {
      throw invalidRequest('The request body is not valid JSON.');
    }
  }

  async function owners(integration: IntegrationRow): Promise<{
    organization: Organization;
    agent: Agent;
  }> {
    const organization = await getOrganization(database, integration.organizationId);
    if (!organization) throw unknownIntegration('Slack workspace', integration.agentId);
    const agent = await getAgent(database, organization.id, integration.agentId);
    return { organization, agent };
  }

  /**
   * Posts messages in a thread in order; what Slack does not take even after the client's
   * retries goes to the outbox (retried later), never lost.
   */
  async function post(
    integration: IntegrationRow,
    token: string,
    place: ThreadPlace,
    messages: { text: string; blocks?: KnownBlock[] }[],
    conversationId?: string,
  ): Promise<void> {
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

  async function answer(
    request: VerifiedRequest,
    event: SlackMessageEvent & { channel: string; ts: string; user: string },
    question: string,
    signal: AbortSignal,
  ): Promise<void> {
    const { integration, secrets } = request;
    const { organization, agent } = await owners(integration);
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
      await post(
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
    await post(
      integration,
      secrets.botToken,
      place,
      slackAnswerMessages(response),
      thread.conversationId,
    );
  }

  const router = Router();
  router.post('/integrations/slack/:agentId/events', rawBody, async (req, res) => {
    const request = await verified(req);
    const payload = parseJson<SlackEventsPayload>(request.body.toString('utf8'));
    if (payload.type === 'url_verification' && typeof payload.challenge === 'string') {
      res.json({ challenge: payload.challenge });
      return;
    }
    const { integration } = request;
    if (payload.team_id !== undefined && payload.team_id !== integration.externalId) {
      throw unknownIntegration('Slack workspace', integration.agentId);
    }
    const event = payload.event;
    if (payload.type !== 'event_callback' || !event) {
      res.status(200).end();
      return;
    }
    const botUserId = integration.settings.botUserId;
    const mention = botUserId ? `<@${botUserId}>` : undefined;
    const question = (mention ? (event.text ?? '').replaceAll(mention, '') : (event.text ?? ''))
      .replace(/\s+/g, ' ')
      .trim();
    const person =
      !event.bot_id &&
      PERSON_SUBTYPES.has(event.subtype) &&
      event.user !== undefined &&
      event.user !== botUserId;
    const { channel, ts, user } = event;
    if (!person || !channel || !ts || !user || !question) {
      res.status(200).end();
      return;
    }
    let wanted =
      event.type === 'app_mention' || (event.type === 'message' && event.channel_type === 'im');
    if (!wanted && event.type === 'message' && event.thread_ts) {
      // A reply in a thread the agent answers in is a follow-up, mention or not.
      const known = await database.query(
        'SELECT 1 FROM integration_threads WHERE agent_id = $1 AND kind = $2 AND thread_key = $3',
        [integration.agentId, 'slack', `${integration.externalId}:${channel}:${event.thread_ts}`],
      );
      wanted = known.length > 0;
    }
    // Keyed by the message, not the event: a mention in a thread also arrives as a
    // `message`, and Slack's retries repeat the same message.
    const key = `${integration.externalId}:${channel}:${ts}`;
    if (!wanted || !(await claimEvent(database, 'slack', key, new Date(context.now())))) {
      res.status(200).end();
      return;
    }
    res.status(200).end();
    tasks.run({ agentId: integration.agentId, channel, integration: 'slack' }, (signal) =>
      answer(request, { ...event, channel, ts, user }, question, signal),
    );
  });

  router.post('/integrations/slack/:agentId/interactions', rawBody, async (req, res) => {
    const request = await verified(req);
    const form = new URLSearchParams(request.body.toString('utf8'));
    const payload = parseJson<SlackBlockActions>(form.get('payload') ?? '');
    const { integration, secrets } = request;
    if (payload.team?.id !== undefined && payload.team.id !== integration.externalId) {
      throw unknownIntegration('Slack workspace', integration.agentId);
    }
    const action = payload.actions?.[0];
    const value = action?.value;
    const user = payload.user?.id;
    const channel = payload.channel?.id ?? payload.container?.channel_id;
    const threadTs =
      payload.message?.thread_ts ?? payload.container?.thread_ts ?? payload.message?.ts;
    if (payload.type !== 'block_actions' || !value || !user || !channel || !threadTs) {
      res.status(200).end();
      return;
    }
    const place = { channel, threadTs };
    const { organization, agent } = await owners(integration);
    if (action.action_id === SLACK_ACTIONS.good || action.action_id === SLACK_ACTIONS.bad) {
      const vote = action.action_id === SLACK_ACTIONS.good ? 'good' : 'bad';
      const rows = await database.query<{ visitor_id: string }>(
        `SELECT c.visitor_id FROM messages m
         JOIN conversations c ON c.organization_id = m.organization_id AND c.id = m.conversation_id
         JOIN integration_threads t ON t.organization_id = c.organization_id
           AND t.conversation_id = c.id AND t.agent_id = $3 AND t.kind = 'slack'
         WHERE m.organization_id = $1 AND m.id = $2`,
        [organization.id, value, agent.id],
      );
      const owner = rows[0];
      if (owner) {
        await database.transaction(async (transaction) => {
          const recorded = await evalAnswer(transaction, organization.id, {
            messageId: value,
            visitorId: owner.visitor_id,
            eval: vote,
          });
          if (vote === 'bad' && recorded.previous !== 'bad') {
            await context.notifier.negativeFeedback(transaction, organization.id, value);
          }
        });
        context.notifier.wake();
      }
      res.status(200).end();
      if (owner) {
        tasks.run({ agentId: agent.id, integration: 'slack' }, () =>
          slack.postEphemeral({
            token: secrets.botToken,
            channel,
            threadTs,
            user,
            text: 'Thanks for the feedback!',
          }),
        );
      }
      return;
    }
    if (action.action_id === SLACK_ACTIONS.handoff && agent.handoffEnabled) {
      const rows = await database.query<{ visitor_id: string }>(
        `SELECT c.visitor_id FROM conversations c
         JOIN integration_threads t ON t.organization_id = c.organization_id
           AND t.conversation_id = c.id AND t.agent_id = $3 AND t.kind = 'slack'
         WHERE c.organization_id = $1 AND c.id = $2`,
        [organization.id, value, agent.id],
      );
      const owner = rows[0];
      let started = false;
      if (owner) {
        await database.transaction(async (transaction) => {
          const handoff = await startHandoff(
            transaction,
            { organizationId: organization.id, agentId: agent.id, visitorId: owner.visitor_id },
            value,
          );
          started = handoff.started;
          if (handoff.started) {
            await context.notifier.handoffRequested(transaction, organization.id, handoff.summary);
          }
        });
        context.notifier.wake();
      }
      res.status(200).end();
      if (started) {
        tasks.run({ agentId: agent.id, integration: 'slack' }, () =>
          post(integration, secrets.botToken, place, [{ text: HANDOFF_ACKNOWLEDGEMENT }], value),
        );
      }
      return;
    }
    res.status(200).end();
  });
  return router;
}

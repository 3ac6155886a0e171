/**
 * The Slack integration's public routes: the Events API (the URL challenge, then the
 * messages the agent answers, claimed once) and the interactions of its buttons (votes,
 * "Talk to a person").
 */
import { HANDOFF_ACKNOWLEDGEMENT } from '@agent-chat/protocol';
import express, { Router } from 'express';
import { evalAnswer, startHandoff } from '../../conversations/index.js';
import { claimEvent } from '../claim-event.js';
import type { IntegrationDependencies } from '../integration-dependencies.js';
import { unknownIntegration } from '../integration-errors.js';
import { answerSlackMessage, postInThread } from './slack-answer.js';
import { SLACK_ACTIONS } from './slack-answer-message.js';
import type { SlackBlockActions, SlackEventsPayload } from './slack-payloads.js';
import { parseJson, slackOwners, verifiedSlackRequest } from './slack-request.js';

/** Subtypes of a person's message (anything else is an edit, a join, a bot…). */
const PERSON_SUBTYPES = new Set([undefined, 'file_share', 'thread_broadcast']);

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
  const { database } = context;
  const rawBody = express.raw({ type: () => true, limit: dependencies.bodyLimitBytes });

  const router = Router();
  router.post('/integrations/slack/:agentId/events', rawBody, async (req, res) => {
    const request = await verifiedSlackRequest(dependencies, req);
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
      answerSlackMessage(dependencies, request, { ...event, channel, ts, user }, question, signal),
    );
  });

  router.post('/integrations/slack/:agentId/interactions', rawBody, async (req, res) => {
    const request = await verifiedSlackRequest(dependencies, req);
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
    const { organization, agent } = await slackOwners(database, integration);
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
          postInThread(
            dependencies,
            integration,
            secrets.botToken,
            place,
            [{ text: HANDOFF_ACKNOWLEDGEMENT }],
            value,
          ),
        );
      }
      return;
    }
    res.status(200).end();
  });
  return router;
}

/**
 * The Integrations routes of the OpenAPI registry (integrations/' integration-routes,
 * slack-routes and discord-routes): an agent's Slack and Discord credentials (set, read
 * without secrets, remove), and the public endpoints the platforms post to, signed by them
 * instead of carrying a key.
 */
import {
  discordIntegrationSchema,
  integrationStatusSchema,
  slackIntegrationSchema,
} from '@agent-chat/protocol/schemas';
import { z } from 'zod';
import { deleteBody, type RouteDoc } from './route-doc.js';

/** Slack's signature headers, for the descriptions of the public routes. */
const SIGNED =
  'No API key: Slack signs the request (`X-Slack-Signature`: `v0=` + hex HMAC-SHA256 of `v0:<X-Slack-Request-Timestamp>:<raw body>` keyed by the signing secret), checked over the raw body before anything is parsed; a timestamp more than 5 minutes off is refused.';

/** What Slack posts to the events URL (only the fields read). */
const slackEventsBodySchema = z.looseObject({
  type: z.string().describe('`url_verification` or `event_callback`'),
  challenge: z.string().optional(),
  team_id: z.string().optional(),
  event: z.looseObject({ type: z.string() }).optional(),
});

/** The Integrations routes, as the document publishes them. */
export const INTEGRATION_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'post',
    path: '/api/agents/{id}/integrations/slack',
    operationId: 'setSlackIntegration',
    summary: 'Connect an agent to a Slack workspace (the app’s bot token and signing secret)',
    description:
      'The token is checked with Slack (`auth.test`, which names the workspace); both secrets are stored encrypted with `INTEGRATIONS_SECRET` and never answered back. Sending them again replaces them.',
    tag: 'Integrations',
    body: slackIntegrationSchema,
    responses: { 200: integrationStatusSchema },
    errors: [
      [400, 'INVALID_REQUEST: a malformed body, or a token Slack refuses'],
      404,
      [503, 'UNAVAILABLE: the service has no `INTEGRATIONS_SECRET`'],
    ],
  },
  {
    method: 'get',
    path: '/api/agents/{id}/integrations/slack',
    operationId: 'getSlackIntegration',
    summary: 'Whether an agent is connected to Slack, and the URLs Slack must post to',
    tag: 'Integrations',
    responses: { 200: integrationStatusSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/agents/{id}/integrations/slack',
    operationId: 'deleteSlackIntegration',
    summary: 'Disconnect an agent from Slack (its credentials are deleted)',
    tag: 'Integrations',
    ...deleteBody,
    responses: { 200: integrationStatusSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/integrations/slack/{agentId}/events',
    operationId: 'receiveSlackEvent',
    summary: 'Slack’s Events API: mentions and direct messages, answered in their thread',
    description: `${SIGNED} Answers \`url_verification\` with its challenge; acknowledges any other event at once (empty body) and answers in the background. A redelivery (\`X-Slack-Retry-Num\`) is never answered twice; bots' messages are ignored.`,
    tag: 'Integrations',
    auth: false,
    body: slackEventsBodySchema,
    responses: {
      200: {
        description: '`{challenge}` for `url_verification`; otherwise an empty body',
        json: z.object({ challenge: z.string() }),
      },
    },
    errors: [
      [401, 'UNAUTHORIZED: no valid Slack signature, or an old timestamp'],
      [404, 'NOT_FOUND: the agent is not connected to Slack, or to another workspace'],
      [503, 'UNAVAILABLE: the service has no `INTEGRATIONS_SECRET`'],
    ],
  },
  {
    method: 'post',
    path: '/integrations/slack/{agentId}/interactions',
    operationId: 'receiveSlackInteraction',
    summary: 'Slack’s interactivity: the 👍/👎 and “Talk to a person” buttons under answers',
    description: `${SIGNED} The body is \`application/x-www-form-urlencoded\` with one \`payload\` field (a \`block_actions\` JSON). A vote is stored as the answer’s feedback; “Talk to a person” hands the conversation to the console. Answered with an empty body.`,
    tag: 'Integrations',
    auth: false,
    responses: { 200: { description: 'Acknowledged (empty body)' } },
    errors: [
      [401, 'UNAUTHORIZED: no valid Slack signature, or an old timestamp'],
      [404, 'NOT_FOUND: the agent is not connected to Slack, or to another workspace'],
    ],
  },
  {
    method: 'post',
    path: '/api/agents/{id}/integrations/discord',
    operationId: 'setDiscordIntegration',
    summary: 'Connect an agent to a Discord application (its id, public key and bot token)',
    description:
      'The bot token is stored encrypted with `INTEGRATIONS_SECRET` and never answered back; the public key verifies interactions. Register the `/ask` command with `agent-chat-service discord register <agentId>`.',
    tag: 'Integrations',
    body: discordIntegrationSchema,
    responses: { 200: integrationStatusSchema },
    errors: [
      [400, 'INVALID_REQUEST: a malformed body or public key'],
      404,
      [503, 'UNAVAILABLE: the service has no `INTEGRATIONS_SECRET`'],
    ],
  },
  {
    method: 'get',
    path: '/api/agents/{id}/integrations/discord',
    operationId: 'getDiscordIntegration',
    summary: 'Whether an agent is connected to Discord, and its Interactions Endpoint URL',
    tag: 'Integrations',
    responses: { 200: integrationStatusSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/agents/{id}/integrations/discord',
    operationId: 'deleteDiscordIntegration',
    summary: 'Disconnect an agent from Discord (its credentials are deleted)',
    tag: 'Integrations',
    ...deleteBody,
    responses: { 200: integrationStatusSchema },
    errors: [400, 404],
  },
  {
    method: 'post',
    path: '/integrations/discord/{agentId}/interactions',
    operationId: 'receiveDiscordInteraction',
    summary: 'Discord’s interactions: PING, the `/ask` command, the 👍/👎 buttons',
    description:
      'No API key: Discord signs each request (`X-Signature-Ed25519`, hex, over `X-Signature-Timestamp` + the raw body, under the application’s public key), checked before anything is parsed; a timestamp more than 5 minutes off is refused. PING → `{type: 1}`; `/ask` → `{type: 5}` (deferred), the answer then replaces it; a button → `{type: 4}` (an ephemeral thanks).',
    tag: 'Integrations',
    auth: false,
    body: z.looseObject({ type: z.number().int(), application_id: z.string() }),
    responses: {
      200: {
        description: 'An interaction response',
        json: z.looseObject({ type: z.number().int() }),
      },
    },
    errors: [
      [401, 'UNAUTHORIZED: no valid Discord signature, or an old timestamp'],
      [404, 'NOT_FOUND: the agent is not connected to Discord, or to another application'],
      [503, 'UNAVAILABLE: the service has no `INTEGRATIONS_SECRET`'],
    ],
  },
];

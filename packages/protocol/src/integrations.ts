/**
 * Integrations: an agent answering where a community asks — a Slack workspace, a Discord
 * server — over their HTTP interfaces. The operator stores the app's credentials per
 * agent (encrypted at rest, never read back); the platform then calls the service's
 * public, signature-checked endpoints.
 */

/** The platforms an agent can be connected to. */
export const INTEGRATION_KINDS = ['slack', 'discord'] as const;

/** One of {@link INTEGRATION_KINDS}. */
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/**
 * Where a conversation happens: the widget (through the BFF), the API (a key's own
 * calls), or one of the {@link INTEGRATION_KINDS}.
 */
export const CONVERSATION_CHANNELS = ['widget', 'api', 'slack', 'discord'] as const;

/** One of {@link CONVERSATION_CHANNELS}. */
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

/**
 * Request header naming the channel of a query or handoff sent with the organization's
 * key: the BFF sends `widget` for its visitors; without it a conversation is `api`. The
 * service sets `slack` and `discord` itself.
 */
export const CONVERSATION_CHANNEL_HEADER = 'x-agent-chat-channel';

/** `POST /api/agents/{id}/integrations/slack`: the Slack app's bot token and signing secret. */
export interface SlackIntegrationBody {
  /** `xoxb-…`, from the app's "OAuth & Permissions" page. */
  botToken: string;
  /** From the app's "Basic Information" page: verifies that requests come from Slack. */
  signingSecret: string;
}

/** `POST /api/agents/{id}/integrations/discord`: the Discord application's keys. */
export interface DiscordIntegrationBody {
  applicationId: string;
  /** Hex Ed25519 public key, from the application's "General Information" page. */
  publicKey: string;
  botToken: string;
}

/**
 * An integration as the API shows it: that it is set up and where the platform must send
 * its requests — never the secrets.
 */
export interface IntegrationStatus {
  kind: IntegrationKind;
  agentId: string;
  /** Whether credentials are stored. */
  configured: boolean;
  /** The Slack workspace (team id) or the Discord application id; `null` when not configured. */
  externalId: string | null;
  /** The path the platform posts to, relative to the service's public URL. */
  requestPath: string;
  /** Slack: the path of interactivity (buttons); Discord: the same as `requestPath`. */
  interactionsPath: string;
  /** ISO 8601; `null` when not configured. */
  updatedAt: string | null;
}

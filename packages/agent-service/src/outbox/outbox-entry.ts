import type { DeliveryKind } from '@agent-chat/protocol';

/** A mail as the outbox stores it (the sender comes from the transport's configuration). */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** Where the recipient's answer goes, if not to the sender. */
  replyTo?: string;
}

/** A webhook event as the outbox stores it: signed with a fresh timestamp on each attempt. */
export interface WebhookMessage {
  url: string;
  eventId: string;
  /** The JSON body, exactly as sent (the signature covers these bytes). */
  body: string;
}

/**
 * An agent's messages to a Slack thread, as the outbox stores them: no token (the agent's
 * integration is read at each attempt, so a disconnected one is not posted to).
 */
export interface SlackDelivery {
  agentId: string;
  channel: string;
  threadTs: string;
  /** Posted in order, in one attempt. */
  messages: { text: string; blocks?: unknown[] }[];
}

/** An agent's messages to a Discord channel, posted with its bot (no token stored). */
export interface DiscordDelivery {
  agentId: string;
  channelId: string;
  /** Posted in order, in one attempt. */
  messages: { content: string; components?: unknown[] }[];
}

/** What each kind of delivery carries. */
export interface DeliveryPayloads {
  mail: MailMessage;
  webhook: WebhookMessage;
  slack: SlackDelivery;
  discord: DiscordDelivery;
}

/**
 * Posts an agent's queued messages to Slack and Discord (the integrations provide it);
 * each call throws a `DeliveryError` unless every message was posted.
 */
export interface ChannelTransport {
  sendSlack(delivery: SlackDelivery, signal: AbortSignal): Promise<void>;
  sendDiscord(delivery: DiscordDelivery, signal: AbortSignal): Promise<void>;
}

/** A delivery to queue (see `enqueueDelivery`). */
export type OutboxEntry = {
  [Kind in DeliveryKind]: {
    organizationId: string;
    kind: Kind;
    /** The event type, or the mail's purpose (`mail.handoff`, …), for the log. */
    topic: string;
    /** The mail's subject, or the event's id, for the log. */
    summary: string;
    conversationId?: string | null;
    payload: DeliveryPayloads[Kind];
  };
}[DeliveryKind];

/** A delivery a worker claimed: its attempt is under way. */
export type ClaimedDelivery = {
  [Kind in DeliveryKind]: {
    id: string;
    kind: Kind;
    /** Attempts so far, this one included. */
    attempts: number;
    payload: DeliveryPayloads[Kind];
  };
}[DeliveryKind];

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

/** What each kind of delivery carries. */
export interface DeliveryPayloads {
  mail: MailMessage;
  webhook: WebhookMessage;
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

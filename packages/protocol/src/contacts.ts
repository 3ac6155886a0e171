/**
 * Contact capture: a visitor leaves an email (and optionally a name and phone) so a person
 * can reply when nobody is watching. The agent's `contactCapture` settings say when the
 * widget offers the form; the service stores one contact per (agent, visitor).
 */

/** When the widget offers the contact form. */
export const CONTACT_CAPTURE_TRIGGERS = ['handoff', 'no_answer', 'first_question'] as const;

/**
 * - `handoff`: the visitor asked for a person;
 * - `no_answer`: the agent found nothing relevant (the "I don't know" answer);
 * - `first_question`: before the visitor's first question.
 */
export type ContactCaptureTrigger = (typeof CONTACT_CAPTURE_TRIGGERS)[number];

/** Whether an optional contact field is asked for (email is always required). */
export const CONTACT_FIELD_MODES = ['required', 'optional', 'off'] as const;

/** See {@link CONTACT_FIELD_MODES}. */
export type ContactFieldMode = (typeof CONTACT_FIELD_MODES)[number];

/** An agent's contact capture settings (`Agent.contactCapture`). */
export interface ContactCaptureSettings {
  /** Off by default. */
  enabled: boolean;
  /** When the form is offered; at least one when enabled. */
  triggers: ContactCaptureTrigger[];
  /** The optional fields; email is always asked for and required. */
  fields: { name: ContactFieldMode; phone: ContactFieldMode };
  /** The consent sentence shown above the send button; `null` uses the widget's own, translated. */
  consentText: string | null;
}

/** The settings of an agent that never set them. */
export const DEFAULT_CONTACT_CAPTURE: ContactCaptureSettings = {
  enabled: false,
  triggers: ['handoff', 'no_answer'],
  fields: { name: 'optional', phone: 'off' },
  consentText: null,
};

/**
 * In a query response (`QueryResponse.contactCapture`, our service's extension): the
 * service asks the widget to offer the form now, for this reason.
 */
export interface ContactOffer {
  reason: ContactCaptureTrigger;
  fields: ContactCaptureSettings['fields'];
  consentText: string | null;
}

/** A stored contact. */
export interface Contact {
  id: string;
  agentId: string;
  visitorId: string;
  /** The conversation the form was sent from, if any. */
  conversationId: string | null;
  email: string;
  name: string | null;
  phone: string | null;
  /** The consent sentence the visitor saw when sending. */
  consentText: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Body of the service's `POST /api/agents/{id}/contacts` (organization API key; the BFF
 * sends its signed visitor). Sending again for the same visitor updates the contact.
 */
export interface ContactSubmission {
  visitorId: string;
  conversationId?: string;
  email: string;
  name?: string;
  phone?: string;
  consentText?: string | null;
}

/** Query of the service's `GET /api/contacts` (organization API key, admin). */
export interface ContactListQuery {
  /** Matches email, name or phone (case-insensitive substring). */
  q?: string;
  agentId?: string;
  cursor?: string;
  /** 1..`LIMITS.conversationPage.max`, default `LIMITS.conversationPage.default`. */
  limit?: number;
  /** `csv` exports every match as text/csv instead of a JSON page. */
  format?: 'json' | 'csv';
}

/** Response of `GET /api/contacts`, newest first. */
export interface ContactListResponse {
  contacts: Contact[];
  nextCursor: string | null;
}

/**
 * Response of `DELETE /api/contacts/{id}`: the contact is gone, and so are that visitor's
 * conversations with the agent (erasure for privacy requests).
 */
export interface ContactErasureResponse {
  deleted: true;
  conversationsDeleted: number;
}

/**
 * Body of the BFF's widget route `POST /api/agents/{id}/contact`
 * (`WIDGET_CONVERSATION_PATHS.contact`); the BFF adds nothing the browser could forge.
 */
export interface ContactRequest {
  visitorId: string;
  conversationId?: string;
  email: string;
  name?: string;
  phone?: string;
}

/** Response of the BFF's `POST /api/agents/{id}/contact`: what will be used to reply. */
export interface ContactResponse {
  email: string;
  name: string | null;
  phone: string | null;
}

/**
 * Response of the BFF's widget route `GET /api/agents/{id}/contact-capture`
 * (`WIDGET_CONVERSATION_PATHS.contactCapture`): what the widget needs before the first
 * question. `enabled: false` when the agent (or the upstream) has none.
 */
export type ContactCaptureResponse = ContactCaptureSettings;

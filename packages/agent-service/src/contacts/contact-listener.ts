import type { Contact } from '@agent-chat/protocol';

/** What {@link ContactCapturedListener} is told once a contact is stored (committed). */
export interface ContactCapturedEvent {
  organizationId: string;
  contact: Contact;
  /** True for the visitor's first contact with this agent; false when they updated it. */
  created: boolean;
}

/**
 * Told, in process, each time a visitor leaves or updates a contact (the service's
 * `onContactCaptured` option): the place to send a mail or a webhook. Called after the
 * response is decided, never awaited; a throw or rejection is logged and changes nothing.
 */
export type ContactCapturedListener = (event: ContactCapturedEvent) => void | Promise<void>;

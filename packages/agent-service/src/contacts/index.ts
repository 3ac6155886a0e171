/**
 * Contacts: the details (email, optional name and phone, the consent sentence seen) a
 * visitor leaves for a person to reply, one per (agent, visitor), under the agent's
 * `contactCapture` settings. Saving with the form's field rules, the offer made in answers
 * and handoffs, the operator's list with search, cursor pages and CSV, erasure with the
 * visitor's conversations, and the in-process listener told of each capture. Retention
 * follows the conversations' (see `deleteExpiredConversations`).
 */

export { CONTACT_CSV_HEADER, contactCsvRecord } from './contact-csv.js';
export type { ContactCapturedEvent, ContactCapturedListener } from './contact-listener.js';
export { contactOffer } from './contact-offer.js';
export { eraseContact } from './erase-contact.js';
export { findContact } from './find-contact.js';
export { allContacts, listContacts } from './list-contacts.js';
export { saveContact } from './save-contact.js';

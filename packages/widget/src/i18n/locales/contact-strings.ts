/**
 * The strings of the contact form (a visitor leaves an email for a person to reply to),
 * apart from the panel's core strings. `{email}` in `contactSent` is the visitor's address.
 */
export interface ContactStrings {
  /** What the form is for; its accessible name. */
  contactTitle: string;
  contactEmail: string;
  contactName: string;
  contactPhone: string;
  /** After the label of a field the visitor may leave empty. */
  contactOptional: string;
  /** The consent sentence when the operator has not written one. */
  contactConsent: string;
  contactSend: string;
  /** Dismisses the form for this conversation. */
  contactDismiss: string;
  /** The confirmation; `{email}` is replaced. */
  contactSent: string;
  /** Sent before the first question: the details go once it is asked. */
  contactWaiting: string;
  contactErrorEmail: string;
  contactErrorName: string;
  contactErrorPhone: string;
}

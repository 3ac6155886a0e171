import {
  CONTACT_CAPTURE_TRIGGERS,
  CONTACT_FIELD_MODES,
  type ContactCaptureTrigger,
  type ContactOffer,
} from './contacts.js';

// Deliberately simple (one @, a dot in the domain, no spaces): the mail itself is the proof.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ()./-]{3,}$/;

/**
 * Whether `text` (already trimmed) reads as an email address: one `@`, a dot in the domain,
 * no spaces. The one rule of the contact schemas and of the widget's form, which must not
 * load zod. Length is checked apart (`LIMITS.emailLength`).
 *
 * @example
 * isEmailAddress('ada@example.com'); // true
 * isEmailAddress('ada@example'); // false
 */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}

/**
 * Whether `text` (already trimmed, not empty) reads as a phone number as people type one:
 * digits, spaces and `+ ( ) . / -`, at least three of them.
 *
 * @example
 * isPhoneNumber('+44 (0)20 7946-0000'); // true
 */
export function isPhoneNumber(text: string): boolean {
  return PHONE.test(text);
}

/**
 * The {@link ContactOffer} in a parsed JSON value (a query response's or a handoff
 * response's `contactCapture`), or `undefined` when it is absent or not one: a known
 * `reason` and both field modes known. Copies only those fields; a `consentText` that is
 * not a string reads as `null` (the widget's own sentence). Browser-safe (no zod).
 */
export function readContactOffer(value: unknown): ContactOffer | undefined {
  const offer = value as Partial<ContactOffer> | null | undefined;
  const fields = offer?.fields;
  if (
    !fields ||
    !CONTACT_CAPTURE_TRIGGERS.includes(offer.reason as ContactCaptureTrigger) ||
    !CONTACT_FIELD_MODES.includes(fields.name) ||
    !CONTACT_FIELD_MODES.includes(fields.phone)
  ) {
    return undefined;
  }
  return {
    reason: offer.reason as ContactCaptureTrigger,
    fields: { name: fields.name, phone: fields.phone },
    consentText: typeof offer.consentText === 'string' ? offer.consentText : null,
  };
}

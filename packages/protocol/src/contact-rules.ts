import {
  CONTACT_CAPTURE_TRIGGERS,
  CONTACT_FIELD_MODES,
  type ContactCaptureTrigger,
  type ContactFieldMode,
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

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldMode = (value: unknown): value is ContactFieldMode =>
  CONTACT_FIELD_MODES.includes(value as ContactFieldMode);

/**
 * The {@link ContactOffer} in a parsed JSON value (a query response's or a handoff
 * response's `contactCapture`), or `undefined` when it is absent or not one: a known
 * `reason`, both field modes known, `consentText` a string or null. Copies only those
 * fields. Browser-safe (no zod).
 */
export function readContactOffer(value: unknown): ContactOffer | undefined {
  if (!isObject(value) || !isObject(value.fields)) return undefined;
  const { reason, fields, consentText } = value;
  if (!CONTACT_CAPTURE_TRIGGERS.includes(reason as ContactCaptureTrigger)) return undefined;
  if (!isFieldMode(fields.name) || !isFieldMode(fields.phone)) return undefined;
  if (consentText !== null && typeof consentText !== 'string') return undefined;
  return {
    reason: reason as ContactCaptureTrigger,
    fields: { name: fields.name, phone: fields.phone },
    consentText,
  };
}

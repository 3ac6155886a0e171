import {
  type ContactOffer,
  EMAIL_LENGTH_LIMIT,
  ERROR_CODE_ABORTED,
  ERROR_CODE_NETWORK,
  ERROR_CODE_OFFLINE,
  isEmailAddress,
  isPhoneNumber,
  NAME_LENGTH_LIMIT,
  PHONE_LENGTH_LIMIT,
} from '@agent-chat/protocol';
import { batch, type ReadonlySignal, signal } from '@preact/signals';
import { type ChatError, type ContactDetails, describeError } from '../chat/index.js';
import type { LocaleStrings } from '../i18n/index.js';

/** A field of the contact form. */
export type ContactField = 'email' | 'name' | 'phone';

/** What the visitor typed, as typed. */
export type ContactValues = Record<ContactField, string>;

/** Options of {@link createContactForm}. */
export interface ContactFormOptions {
  /** Which fields are asked for (email always, required). */
  offer: ContactOffer;
  strings: LocaleStrings;
  /** Sends the checked details (`chat.contact.send`). */
  send(details: ContactDetails): Promise<unknown>;
}

/**
 * The state of one contact form, apart from its view: the values, the error of each field
 * and of the form, and `sending` while a submission is out. Validates with the contact
 * schemas' own rules (`isEmailAddress`, `isPhoneNumber`, without zod); a 400 that names a
 * field shows on that field; any other failure shows on the form, keeping the values.
 */
export interface ContactForm {
  /** The fields shown, in order: email, then name and phone unless `off`. */
  readonly fields: readonly ContactField[];
  readonly values: ReadonlySignal<ContactValues>;
  readonly errors: ReadonlySignal<Partial<Record<ContactField, string>>>;
  /** Why the last submission failed when no field is to blame. */
  readonly formError: ReadonlySignal<string | undefined>;
  readonly sending: ReadonlySignal<boolean>;
  /** Whether a field must be filled in. */
  required(field: ContactField): boolean;
  /** Longest value of each field (the server's limits). */
  readonly maxLength: Readonly<Record<ContactField, number>>;
  /** Sets a value, clearing that field's error. */
  set(field: ContactField, value: string): void;
  /**
   * Checks and sends. Resolves with the first field to fix (client or server side), or
   * `undefined` when sent, failed on the form (see `formError`), or already sending.
   */
  submit(): Promise<ContactField | undefined>;
}

// The contact schemas' rule: the message of a 400 starts with the field it refuses.
const NAMED_FIELD = /^(email|name|phone)\b/;

/** Creates a {@link ContactForm}. */
export function createContactForm(options: ContactFormOptions): ContactForm {
  const { offer, strings } = options;
  const fields: ContactField[] = ['email'];
  if (offer.fields.name !== 'off') fields.push('name');
  if (offer.fields.phone !== 'off') fields.push('phone');
  const values = signal<ContactValues>({ email: '', name: '', phone: '' });
  const errors = signal<Partial<Record<ContactField, string>>>({});
  const formError = signal<string | undefined>(undefined);
  const sending = signal(false);

  const required = (field: ContactField): boolean =>
    field === 'email' || offer.fields[field] === 'required';
  const errorOf = (field: 'name' | 'phone'): string =>
    field === 'name' ? strings.contactErrorName : strings.contactErrorPhone;

  const check = (field: ContactField, value: string): string | undefined => {
    if (field === 'email') {
      return isEmailAddress(value) && value.length <= EMAIL_LENGTH_LIMIT.max
        ? undefined
        : strings.contactErrorEmail;
    }
    if (value === '') return required(field) ? errorOf(field) : undefined;
    return field === 'phone' && !isPhoneNumber(value) ? strings.contactErrorPhone : undefined;
  };

  return {
    fields,
    values,
    errors,
    formError,
    sending,
    required,
    maxLength: {
      email: EMAIL_LENGTH_LIMIT.max,
      name: NAME_LENGTH_LIMIT.max,
      phone: PHONE_LENGTH_LIMIT.max,
    },
    set(field, value) {
      batch(() => {
        values.value = { ...values.value, [field]: value };
        if (errors.value[field]) errors.value = { ...errors.value, [field]: undefined };
      });
    },
    async submit() {
      if (sending.value) return undefined;
      const found: Partial<Record<ContactField, string>> = {};
      const details: ContactDetails = { email: '' };
      for (const field of fields) {
        const value = values.value[field].trim();
        const error = check(field, value);
        if (error) found[field] = error;
        else if (value !== '') details[field] = value;
      }
      const invalid = fields.find((field) => found[field]);
      batch(() => {
        errors.value = found;
        formError.value = undefined;
        sending.value = invalid === undefined;
      });
      if (invalid) return invalid;
      try {
        await options.send(details);
        return undefined;
      } catch (failure) {
        const error: ChatError =
          typeof (failure as ChatError)?.code === 'string'
            ? (failure as ChatError)
            : {
                code:
                  globalThis.navigator?.onLine === false ? ERROR_CODE_OFFLINE : ERROR_CODE_NETWORK,
                message: String(failure),
              };
        if (error.code === ERROR_CODE_ABORTED) return undefined;
        const named = error.status === 400 ? NAMED_FIELD.exec(error.message)?.[1] : undefined;
        const field = fields.find((candidate) => candidate === named);
        if (field) errors.value = { [field]: error.message };
        else formError.value = describeError(error, strings);
        return field;
      } finally {
        sending.value = false;
      }
    },
  };
}

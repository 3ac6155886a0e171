import type { ContactOffer } from '@agent-chat/protocol';
import type { VNode } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { ContactModel } from '../chat/index.js';
import type { LocaleStrings } from '../i18n/index.js';
import { type ContactField, createContactForm } from './contact-form-model.js';

/** Props of {@link ContactFormView}. */
export interface ContactFormViewProps {
  offer: ContactOffer;
  contact: ContactModel;
  strings: LocaleStrings;
  /** Unique per widget on the page, for element ids. */
  id: string;
  /** Moves focus to the email field (the visitor just asked for a person). */
  autoFocus: boolean;
  /** Sent or dismissed: the form is gone, focus should go back to the message box. */
  onDone: () => void;
}

const types = { email: 'email', name: 'text', phone: 'tel' } as const;

/**
 * The contact form, a block of the transcript (not a modal): labelled fields, each error
 * tied to its field (`aria-describedby`, `aria-invalid`), focus on the first field to fix
 * after a failed submission, the consent sentence describing the send button, and "not now".
 */
export function ContactFormView({
  offer,
  contact,
  strings,
  id,
  autoFocus,
  onDone,
}: ContactFormViewProps): VNode {
  const form = useMemo(
    () => createContactForm({ offer, strings, send: contact.send }),
    [offer, strings, contact],
  );
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  useEffect(() => {
    if (autoFocus) inputs.current.email?.focus();
  }, [autoFocus]);
  const errors = form.errors.value;
  const formError = form.formError.value;
  const labels = {
    email: strings.contactEmail,
    name: strings.contactName,
    phone: strings.contactPhone,
  };

  return (
    <form
      class="message contact"
      aria-labelledby={`${id}-contact`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit().then((invalid) => {
          if (invalid) inputs.current[invalid]?.focus();
          else if (contact.phase.value === 'sent') onDone();
        });
      }}
    >
      <h3 id={`${id}-contact`}>{strings.contactTitle}</h3>
      {form.fields.map((field) => {
        const inputId = `${id}-contact-${field}`;
        const error = errors[field];
        const required = form.required(field);
        return (
          <div class="field" key={field}>
            <label for={inputId}>
              {labels[field]}
              {required ? null : ` ${strings.contactOptional}`}
            </label>
            <input
              id={inputId}
              ref={(element) => {
                inputs.current[field] = element;
              }}
              type={types[field]}
              autoComplete={field === 'phone' ? 'tel' : field}
              dir={field === 'name' ? undefined : 'ltr'}
              required={required}
              maxLength={form.maxLength[field]}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              value={form.values.value[field]}
              onInput={(event) => form.set(field, event.currentTarget.value)}
            />
            {error ? (
              <p id={`${inputId}-error`} class="error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      <p id={`${id}-consent`} class="muted">
        {offer.consentText ?? strings.contactConsent}
      </p>
      {contact.waiting.value ? <p role="status">{strings.contactWaiting}</p> : null}
      {formError ? (
        <p class="error" role="alert">
          {formError}
        </p>
      ) : null}
      <div class="starters">
        <button
          type="submit"
          class="starter send"
          aria-describedby={`${id}-consent`}
          aria-disabled={form.sending.value ? 'true' : undefined}
        >
          {strings.contactSend}
        </button>
        <button
          type="button"
          class="starter"
          onClick={() => {
            contact.dismiss();
            onDone();
          }}
        >
          {strings.contactDismiss}
        </button>
      </div>
    </form>
  );
}

/**
 * A form that sends a platform's credentials once: its fields (secrets typed as
 * passwords), its save error and submit button; cleared once saved, so nothing secret is
 * kept on the page or shown back.
 */
import { Fragment } from 'preact';
import type { IntegrationState } from '../models/integrations-model.js';
import { ErrorAlert } from './error-alert.js';

/** One field of a {@link SecretsForm}: an input, required. */
export interface SecretField<Name extends string> {
  id: string;
  /** The key of its value in what the form saves. */
  name: Name;
  label: string;
  /** Typed as a password, not remembered by the browser. */
  password?: boolean;
  /** Not remembered by the browser, though shown as typed. */
  noAutocomplete?: boolean;
  inputMode?: 'numeric';
  placeholder?: string | undefined;
}

/** The values of a form's fields by name; the form is then cleared (secrets are not kept). */
function takeFields(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) values[name] = String(value).trim();
  return values;
}

/**
 * The form of one platform's credentials: on submit, the trimmed values of `fields` go to
 * `save`, and the form is cleared when it resolves true.
 */
export function SecretsForm<Name extends string>({
  fields,
  state,
  submitLabel,
  savingLabel = submitLabel,
  save,
}: {
  fields: readonly SecretField<Name>[];
  state: IntegrationState;
  submitLabel: string;
  /** The button's text while saving. Default: `submitLabel`. */
  savingLabel?: string;
  save(values: Record<Name, string>): Promise<boolean>;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const taken = takeFields(form);
        const values = Object.fromEntries(
          fields.map((field) => [field.name, taken[field.name] ?? '']),
        ) as Record<Name, string>;
        void save(values).then((saved) => {
          if (saved) form.reset();
        });
      }}
    >
      {fields.map((field) => (
        <Fragment key={field.id}>
          <label for={field.id}>{field.label}</label>
          <input
            id={field.id}
            name={field.name}
            type={field.password ? 'password' : undefined}
            autocomplete={field.password || field.noAutocomplete ? 'off' : undefined}
            inputMode={field.inputMode}
            required
            placeholder={field.placeholder}
          />
        </Fragment>
      ))}
      <ErrorAlert message={state.saveError.value} />
      <div class="actions">
        <button type="submit" disabled={state.saving.value}>
          {state.saving.value ? savingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

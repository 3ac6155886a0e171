import {
  CONTACT_CAPTURE_TRIGGERS,
  CONTACT_FIELD_MODES,
  type ContactCaptureSettings,
  type ContactCaptureTrigger,
  type ContactFieldMode,
  LIMITS,
} from '@agent-chat/protocol';
import './knowledge.css';

const TRIGGER_LABELS: Record<ContactCaptureTrigger, string> = {
  handoff: 'When the visitor asks for a person',
  no_answer: 'When the agent finds nothing to answer with',
  first_question: 'Before the first question',
};

const MODE_LABELS: Record<ContactFieldMode, string> = {
  required: 'Required',
  optional: 'Optional',
  off: 'Not asked',
};

/** Props of {@link ContactCaptureFields}. */
export interface ContactCaptureFieldsProps {
  value: ContactCaptureSettings;
  onChange(next: ContactCaptureSettings): void;
}

/**
 * The agent form's contact capture settings: on or off, when the widget asks, the name
 * and phone fields (email is always asked), and the consent sentence shown to visitors.
 */
export function ContactCaptureFields({ value, onChange }: ContactCaptureFieldsProps) {
  const set = (patch: Partial<ContactCaptureSettings>) => onChange({ ...value, ...patch });
  const toggle = (trigger: ContactCaptureTrigger, on: boolean) =>
    set({
      triggers: CONTACT_CAPTURE_TRIGGERS.filter((known) =>
        known === trigger ? on : value.triggers.includes(known),
      ),
    });
  const modeSelect = (field: 'name' | 'phone', label: string) => (
    <div>
      <label for={`agent-contact-${field}`}>{label}</label>
      <select
        id={`agent-contact-${field}`}
        value={value.fields[field]}
        disabled={!value.enabled}
        onChange={(event) =>
          set({
            fields: { ...value.fields, [field]: event.currentTarget.value as ContactFieldMode },
          })
        }
      >
        {CONTACT_FIELD_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {MODE_LABELS[mode]}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset class="choices">
      <legend>Contact capture</legend>
      <label class="choice">
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(event) => set({ enabled: event.currentTarget.checked })}
        />
        Ask visitors for an email so a person can reply later
      </label>
      <fieldset class="choices" disabled={!value.enabled}>
        <legend>When to ask</legend>
        {CONTACT_CAPTURE_TRIGGERS.map((trigger) => (
          <label key={trigger} class="choice">
            <input
              type="checkbox"
              checked={value.triggers.includes(trigger)}
              onChange={(event) => toggle(trigger, event.currentTarget.checked)}
            />
            {TRIGGER_LABELS[trigger]}
          </label>
        ))}
      </fieldset>
      <div class="row">
        {modeSelect('name', 'Name field')}
        {modeSelect('phone', 'Phone field')}
      </div>
      <label for="agent-contact-consent">
        Consent sentence (blank: the widget's own, translated)
      </label>
      <textarea
        id="agent-contact-consent"
        rows={2}
        maxLength={LIMITS.consentTextLength.max}
        disabled={!value.enabled}
        value={value.consentText ?? ''}
        onInput={(event) => set({ consentText: event.currentTarget.value })}
      />
    </fieldset>
  );
}

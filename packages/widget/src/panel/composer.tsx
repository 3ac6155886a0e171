import type { VNode } from 'preact';
import { useState } from 'preact/hooks';
import type { PanelStrings } from '../i18n/index.js';
import { SendIcon, StopIcon } from './icons.js';

/** Props of {@link Composer}. */
export interface ComposerProps {
  strings: PanelStrings;
  placeholder: string;
  busy: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  inputRef: { current: HTMLTextAreaElement | null };
  id: string;
}

/** The message box: Enter sends, Shift+Enter adds a line; Stop replaces Send while busy. */
export function Composer({
  strings,
  placeholder,
  busy,
  onSend,
  onStop,
  inputRef,
  id,
}: ComposerProps): VNode {
  const [value, setValue] = useState('');
  const submit = (): void => {
    if (busy || !value.trim()) return;
    onSend(value);
    setValue('');
  };
  return (
    <form
      class="composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label class="visually-hidden" for={`${id}-input`}>
        {strings.messageLabel}
      </label>
      <textarea
        id={`${id}-input`}
        ref={inputRef}
        rows={1}
        placeholder={placeholder}
        value={value}
        onInput={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
      />
      {busy ? (
        <button type="button" class="action" onClick={onStop} aria-label={strings.stop}>
          <StopIcon />
        </button>
      ) : (
        <button type="submit" class="action" aria-label={strings.send}>
          <SendIcon />
        </button>
      )}
    </form>
  );
}

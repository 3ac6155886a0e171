import type { VNode } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { CopyIcon } from './icons.js';

/**
 * Copies text to the clipboard; resolves false when the browser refuses. Pages served over
 * plain http (and some embedded contexts) have no Clipboard API: there the text is copied
 * from a selected, off-screen textarea placed next to `anchor` (inside the widget's shadow
 * root, never in the page), and focus goes back to `anchor`.
 */
export async function copyText(text: string, anchor: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No Clipboard API, or it refused: try the selection below.
  }
  const area = anchor.ownerDocument.createElement('textarea');
  area.value = text;
  area.readOnly = true;
  area.className = 'visually-hidden';
  anchor.after(area);
  area.select();
  let copied = false;
  try {
    copied = anchor.ownerDocument.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  anchor.focus();
  return copied;
}

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  text: string;
  label: string;
  copiedLabel: string;
}

/**
 * A small button that copies `text` and says so for two seconds. It has no effect hook: an
 * answer mounts many (one per code block) while it streams, and each effect would cost the
 * browser an extra frame after the update that mounted it.
 */
export function CopyButton({ text, label, copiedLabel }: CopyButtonProps): VNode {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  return (
    <button
      type="button"
      class="tool"
      onClick={(event) => {
        void copyText(text, event.currentTarget).then((done) => {
          clearTimeout(timer.current);
          setCopied(done);
          // Unmounted meanwhile: the state update is ignored.
          if (done) timer.current = setTimeout(() => setCopied(false), 2000);
        });
      }}
    >
      <CopyIcon />
      <span>{copied ? copiedLabel : label}</span>
    </button>
  );
}
